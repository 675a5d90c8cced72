import fastifySwagger, { type FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { openApiDocument } from '@kvarta/contract/openapi';

/**
 * `GET /api/openapi.json`: the OpenAPI 3.1 document generated from the contract (built on the first request, not at
 * start); `/api/docs`: a readable reference of it — Swagger UI served by @fastify/swagger-ui from our own origin, its
 * scripts loaded on that page only (its content policy is the `docs` kind in http/security-headers.ts). The routes carry no Fastify schemas (the contract's zod schemas are the source),
 * so @fastify/swagger documents none of them itself and hands out the contract's document in their place.
 */
export async function apiDocsRoutes(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {},
    hideUntagged: true,
    transformObject: () => openApiDocument() as ReturnType<NonNullable<FastifyDynamicSwaggerOptions['transformObject']>>,
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: '/docs',
    // This plugin sits under /api: the page's links need the full path.
    indexPrefix: '/api',
    theme: { title: 'API «Кварты»' },
    uiConfig: {
      layout: 'BaseLayout',
      deepLinking: true,
      // "Try it out" sends real requests from this page, with the token typed into «Authorize».
      tryItOutEnabled: false,
    },
    uiHooks: {
      onRequest: (_request, reply, done) => {
        reply.header('Cache-Control', 'no-cache');
        done();
      },
    },
  });
  let document: string | undefined;
  app.get('/openapi.json', async (_request, reply) => {
    document ??= JSON.stringify(app.swagger());
    return reply.type('application/json; charset=utf-8').header('Cache-Control', 'no-cache').send(document);
  });
}
