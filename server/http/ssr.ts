import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { matchRoute, type RouteName } from '@kvarta/contract/routes';
import { SSR_STATE_ELEMENT_ID, type SsrEntry, type SsrFetch, type SsrRenderInput, type SsrRenderResult } from '@kvarta/contract/ssr';

/** Public pages rendered on the server (issue 13): what search engines and shared links land on. */
const RENDERED: ReadonlySet<RouteName> = new Set(['HOME', 'APART', 'SERVICES', 'SERVICES_DETAIL', 'ANALYTICS']);

/** A render is the same for every visitor (anonymous, default city), so it is kept a minute. */
const CACHE_MS = 60_000;
const CACHE_ENTRIES = 2_000;
/** A render that takes longer is abandoned for the shell: a slow page must not hold the request. */
const RENDER_TIMEOUT_MS = 3_000;
/**
 * Renders in progress at once; past that a page is sent as the shell (the browser renders it). A flood of distinct
 * pages thus costs the server a bounded amount of work instead of queueing renders behind each other.
 */
const MAX_RENDERS_IN_FLIGHT = 4;

export type PageBody = Extract<SsrRenderResult, { kind: 'page' }> | Extract<SsrRenderResult, { kind: 'redirect' }>;
export type PageRenderer = (
  appPath: string,
  headers: Record<string, string | string[] | undefined>,
  output: SsrRenderInput['output'],
) => Promise<PageBody | null>;

/**
 * A phone or not, from what every request carries: Chromium's low-entropy client hint, else the User-Agent. It only
 * decides the first layout (the masonry's columns); the browser corrects it after hydration if the guess was wrong.
 */
export function viewportOf(headers: Record<string, string | string[] | undefined>): SsrRenderInput['viewport'] {
  const hint = headers['sec-ch-ua-mobile'];
  if (hint === '?1') return 'phone';
  if (hint === '?0') return 'desktop';
  const agent = headers['user-agent'];
  return typeof agent === 'string' && /Mobi|Android|iPhone|iPod/i.test(agent) ? 'phone' : 'desktop';
}

/** The built server entry (`npm run build` makes it), or null when there is none: pages are then rendered in the browser. */
export async function loadSsrEntry(dir: string): Promise<SsrEntry | null> {
  const file = join(dir, 'entry-server.js');
  if (!existsSync(file)) return null;
  const module = (await import(pathToFileURL(file).href)) as { entry?: SsrEntry };
  return module.entry ?? null;
}

/** The API answered in-process: the same routes, hooks and envelope as over HTTP. */
function injectFetch(app: FastifyInstance): SsrFetch {
  return async (url, init) => {
    const response = await app.inject({
      method: init.method as 'GET',
      url,
      headers: { ...init.headers, 'x-platform-type': 'SITE' },
      ...(init.body === undefined ? {} : { payload: init.body }),
    });
    return { status: response.statusCode, body: response.body };
  };
}

/**
 * Renders public pages with the built entry, at most one render per page at a time and each kept for a minute.
 * Any failure (or a slow render, or too many at once) answers null: the caller then sends the shell and the browser
 * renders the page. The query string is not part of a render (no public page draws from it; the browser applies it
 * after hydration), so `?anything` cannot multiply the renders.
 */
export function createPageRenderer(app: FastifyInstance, entry: SsrEntry): PageRenderer {
  const fetch = injectFetch(app);
  const cache = new Map<string, { at: number; body: Promise<PageBody | null> }>();
  let inFlight = 0;
  const renderNow = async (
    url: string,
    viewport: SsrRenderInput['viewport'],
    output: SsrRenderInput['output'],
  ): Promise<PageBody | null> => {
    if (inFlight >= MAX_RENDERS_IN_FLIGHT) return null;
    inFlight += 1;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), RENDER_TIMEOUT_MS)));
    try {
      return await Promise.race([entry.render({ url, fetch, viewport, output }), timeout]);
    } catch (error) {
      app.log.error({ err: error, url }, 'server rendering failed; the browser renders this page');
      return null;
    } finally {
      clearTimeout(timer);
      inFlight -= 1;
    }
  };
  return (appPath, headers, output) => {
    const route = matchRoute(appPath);
    if (!route || !RENDERED.has(route)) return Promise.resolve(null);
    const url = appPath;
    const viewport = viewportOf(headers);
    const key = `${output} ${viewport} ${url}`;
    const now = Date.now();
    const hit = cache.get(key);
    if (hit && now - hit.at < CACHE_MS) return hit.body;
    const body = renderNow(url, viewport, output);
    if (cache.size >= CACHE_ENTRIES) for (const oldest of cache.keys()) if (cache.delete(oldest)) break;
    cache.set(key, { at: now, body });
    // A failed render is not kept: the next visitor gets another try.
    void body.then((result) => result === null && cache.get(key)?.body === body && cache.delete(key));
    return body;
  };
}

/** JSON inside a script element: `<` escaped, so no `</script>` in the data can end the element early. */
const scriptSafe = (json: string) =>
  json
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/**
 * The shell with the rendered page inside `#root`, the state the browser starts from after it, and `links` (the page's
 * own chunks and stylesheets, build-manifest.ts) at the end of the head.
 */
export function injectPage(html: string, page: Extract<SsrRenderResult, { kind: 'page' }>, links = ''): string {
  const state = `<script type="application/json" id="${SSR_STATE_ELEMENT_ID}">${scriptSafe(page.state)}</script>`;
  const withLinks = links ? html.replace('</head>', () => `${links}</head>`) : html;
  return withLinks.replace(/<div id="root"><\/div>/, () => `<div id="root">${page.html}</div>${state}`);
}
