import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { matchPage } from '@kvarta/contract/routes';
import type { PageRenders } from './page-renders';
import { SSR_STATE_ELEMENT_ID, type SsrEntry, type SsrFetch, type SsrRenderInput, type SsrRenderResult } from '@kvarta/contract/ssr';

/** A render that takes longer is abandoned for the shell: a slow page must not hold the request. */
const RENDER_TIMEOUT_MS = 3_000;

export type PageBody = Extract<SsrRenderResult, { kind: 'page' }> | Extract<SsrRenderResult, { kind: 'redirect' }>;
export type PageRenderer = (
  appPath: string,
  headers: Record<string, string | string[] | undefined>,
  output: SsrRenderInput['output'],
  /** Whose render work it is (render-gate.ts renderClientOf). */
  client: string,
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
 * Renders public pages with the built entry; page-renders.ts keeps them and bounds the work per client. Any failure
 * (or a slow render, or no room to render) answers null: the caller then sends the shell and the browser renders the
 * page. The query string is not part of a render (no public page draws from it; the browser applies it after
 * hydration), so `?anything` cannot multiply the renders.
 */
export function createPageRenderer(app: FastifyInstance, entry: SsrEntry, renders: PageRenders<PageBody>): PageRenderer {
  const fetch = injectFetch(app);
  const renderNow = async (
    url: string,
    viewport: SsrRenderInput['viewport'],
    output: SsrRenderInput['output'],
  ): Promise<PageBody | null> => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), RENDER_TIMEOUT_MS)));
    try {
      return await Promise.race([entry.render({ url, fetch, viewport, output }), timeout]);
    } catch (error) {
      app.log.error({ err: error, url }, 'server rendering failed; the browser renders this page');
      return null;
    } finally {
      clearTimeout(timer);
    }
  };
  return (appPath, headers, output, client) => {
    // Public pages (the route table's `ssr`) are rendered: what search engines and shared links land on.
    if (!matchPage(appPath)?.route.ssr) return Promise.resolve(null);
    const viewport = viewportOf(headers);
    return renders.render({ path: appPath, variant: `${output} ${viewport}`, client }, () => renderNow(appPath, viewport, output));
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
