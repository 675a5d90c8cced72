import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { matchRoute } from '@kvarta/contract/routes';
import { MINIAPP_BASE } from '@kvarta/contract/ssr';
import { isApiPath, sendError } from './envelope';
import type { Seo } from '../seo';
import { moduleLinks, readManifest } from './build-manifest';
import { sendHtml } from './html-response';
import { injectPage, type PageRenderer } from './ssr';
import { PAGE_DOCUMENT_LIMITS, createClientCredit, renderClientOf, type ClientCreditOptions } from './render-gate';
import { TOO_MANY_REQUESTS } from '../infra/rate-limit';
import { injectClientConfig } from './client-config';
import type { ClientConfig } from '@kvarta/contract/client-config';

export interface FrontEnds {
  /** dist/web: the website at '/'. */
  web: string;
  /** dist/miniapp: the Telegram Mini App at '/tma/'. */
  miniapp: string;
  /** dist/server: the website's server-rendering entry; without it pages are rendered in the browser only. */
  server?: string;
}

/** '/tma': the Mini App's base without its closing slash (the bare '/tma' is answered too). */
const MINIAPP_PREFIX = MINIAPP_BASE.slice(0, -1);

/** A build's index.html, or null when that front end is not built. */
export function readIndex(dir: string): string | null {
  const file = join(dir, 'index.html');
  return existsSync(file) ? readFileSync(file, 'utf8') : null;
}

const MISSING_BUILD = `<!doctype html><html lang="ru"><head><meta charset="utf-8"><title>Кварта</title></head>
<body><p>Интерфейс ещё не собран: выполните <code>npm run build</code>.</p></body></html>`;

/** The URL guard refuses undecodable paths first; this keeps the fallback from throwing if it is bypassed. */
function safeDecode(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/** Page status by the route table: a known route is 200, anything else (and /404 itself) is 404. */
export function pageStatus(pathname: string): 200 | 404 {
  const route = matchRoute(pathname);
  return route && route !== 'NOT_FOUND' ? 200 : 404;
}

/**
 * Serves both builds and answers every unknown page path with the SPA and the right status,
 * every unknown API path with the JSON 404 envelope.
 */
export async function installFrontEnds(
  app: FastifyInstance,
  dirs: FrontEnds,
  seo?: Pick<Seo, 'page'>,
  renderPage?: PageRenderer,
  clientConfig: ClientConfig = {},
  documentLimits: ClientCreditOptions = PAGE_DOCUMENT_LIMITS,
): Promise<void> {
  const webIndex = readIndex(dirs.web);
  const miniappIndex = readIndex(dirs.miniapp);
  const manifests = { web: readManifest(dirs.web), miniapp: readManifest(dirs.miniapp) };
  const setHeaders = (res: { setHeader(name: string, value: string): void }, path: string) => {
    // Hashed assets never change; everything else is revalidated (send's ETag and Last-Modified answer 304).
    res.setHeader('Cache-Control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
    // The .br/.gz copies made at build time are chosen by Accept-Encoding: caches must keep them apart.
    res.setHeader('Vary', 'Accept-Encoding');
  };
  // cacheControl off: otherwise send's own `max-age=0` replaces the header set above.
  const common = { index: false, wildcard: false, preCompressed: true, cacheControl: false, setHeaders } as const;
  if (webIndex) await app.register(fastifyStatic, { root: dirs.web, prefix: '/', ...common });
  if (miniappIndex)
    await app.register(fastifyStatic, { root: dirs.miniapp, prefix: `${MINIAPP_PREFIX}/`, decorateReply: false, ...common });

  const documents = createClientCredit(documentLimits.burst, documentLimits.refillMs);
  const servePage = async (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = safeDecode((request.url.split('?')[0] ?? '/').split('#')[0] ?? '/');
    if (isApiPath(pathname) || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return sendError(reply, 404, 'Not Found', { path: pathname });
    }
    if (!documents.take(renderClientOf(request))) {
      return sendError(reply.header('Retry-After', '1'), 429, TOO_MANY_REQUESTS.replace('{minutes}', '1'), { retryAfterSeconds: 1 });
    }
    const inMiniApp = pathname === MINIAPP_PREFIX || pathname.startsWith(`${MINIAPP_PREFIX}/`);
    const appPath = inMiniApp ? pathname.slice(MINIAPP_PREFIX.length) || '/' : pathname;
    const html = (inMiniApp ? miniappIndex : webIndex) ?? MISSING_BUILD;
    // Known routes may know more than the route table: a missing apartment or service is 404, and public
    // pages carry their title, description, preview tags and JSON-LD (server/seo).
    const meta = seo ? await seo.page({ pathname: appPath, miniApp: inMiniApp, host: request.host, protocol: request.protocol }) : null;
    const status = meta?.status ?? pageStatus(appPath);
    // Public pages arrive rendered, on the website and in the Mini App alike.
    const built = inMiniApp ? miniappIndex : webIndex;
    const page =
      status === 200 && built && renderPage
        ? await renderPage(appPath, request.headers, inMiniApp ? 'miniapp' : 'web', renderClientOf(request))
        : null;
    if (page?.kind === 'redirect') {
      const location = inMiniApp && page.location.startsWith('/') ? MINIAPP_PREFIX + page.location : page.location;
      return reply.code(page.status).header('Cache-Control', 'no-cache').redirect(location, page.status);
    }
    let document = injectClientConfig(meta ? meta.render(html) : html, clientConfig);
    if (page) {
      const links = moduleLinks(inMiniApp ? manifests.miniapp : manifests.web, inMiniApp ? `${MINIAPP_PREFIX}/` : '/', page.modules);
      document = injectPage(document, page, links);
      // The first layout follows the phone/desktop guess (ssr.ts viewportOf), so caches must keep the two apart.
      void reply.header('Vary', 'Sec-CH-UA-Mobile, User-Agent');
    }
    return sendHtml(request, reply, status, document);
  };
  // Every other GET (and HEAD) is a page or an unknown API path: a route of its own, so the compression plugin
  // (attached per route) compresses pages too. Other methods, and a route's own "not found", come to the handler.
  app.get('/*', servePage);
  app.setNotFoundHandler(servePage);
}
