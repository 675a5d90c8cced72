import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { openApiDocument } from '@kvarta/contract/openapi';

/** The viewer's own static files, from the swagger-ui-dist package: served from our origin, never a CDN. */
const VIEWER_DIR = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
const ASSETS: Record<string, { file: string; type: string }> = {
  'swagger-ui.css': { file: join(VIEWER_DIR, 'swagger-ui.css'), type: 'text/css; charset=utf-8' },
  'swagger-ui-bundle.js': { file: join(VIEWER_DIR, 'swagger-ui-bundle.js'), type: 'text/javascript; charset=utf-8' },
  'init.js': { file: fileURLToPath(new URL('../http/api-docs/init.js', import.meta.url)), type: 'text/javascript; charset=utf-8' },
};

/** Scripts only from this origin, none inline; the viewer sets inline styles and data: icons of its own. */
const DOCS_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'";

const PAGE = `<!doctype html>
<html lang="ru">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>API «Кварты»</title>
<link rel="stylesheet" href="/api/docs/assets/swagger-ui.css">
</head>
<body>
<div id="swagger-ui"></div>
<script src="/api/docs/assets/swagger-ui-bundle.js"></script>
<script src="/api/docs/assets/init.js"></script>
</body>
</html>
`;

/**
 * `GET /api/openapi.json`: the OpenAPI 3.1 document generated from the contract; `/api/docs`: a
 * readable reference of it (Swagger UI), its scripts loaded on that page only.
 */
export function apiDocsRoutes(app: FastifyInstance): void {
  let document: string | undefined;
  app.get('/openapi.json', async (_request, reply) => {
    document ??= JSON.stringify(openApiDocument());
    return reply.type('application/json; charset=utf-8').header('Cache-Control', 'no-cache').send(document);
  });
  app.get('/docs', async (_request, reply) =>
    reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').header('Content-Security-Policy', DOCS_CSP).send(PAGE),
  );
  app.get<{ Params: { name: string } }>('/docs/assets/:name', async (request, reply) => {
    const asset = Object.hasOwn(ASSETS, request.params.name) ? ASSETS[request.params.name] : undefined;
    if (!asset) return reply.callNotFound();
    return reply
      .type(asset.type)
      .header('Cache-Control', 'public, max-age=3600')
      .send(await readFile(asset.file));
  });
}
