import { MINIAPP_BASE, type SsrEntry, type SsrFetch, type SsrRenderResult } from '@kvarta/contract/ssr';
import { createPlatform } from '@platform/impl';
import { dehydrate } from '@tanstack/react-query';
import { fork, serialize } from 'effector';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { $themeIsExternal } from '@/features/theme-toggle';
import { api, createQueryClient } from '@/shared/api';
import { $viewportWidthHint, VIEWPORT_HINT_WIDTH } from '@/shared/model';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { Providers } from './providers';
import { appRoutes, pageSource } from './routing';
import type { SsrState } from './ssr-state';

/** The API as the server answers it in-process: same paths, same envelope, no socket and no token. */
function fetchThrough(ssrFetch: SsrFetch): typeof fetch {
  return async (input, init) => {
    const headers: Record<string, string> = {};
    new Headers(init?.headers).forEach((value, name) => (headers[name] = value));
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const body = typeof init?.body === 'string' ? init.body : undefined;
    const answer = await ssrFetch(url, { method: init?.method ?? 'GET', headers, body });
    return new Response(answer.body, { status: answer.status, headers: { 'content-type': 'application/json' } });
  };
}

async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  return Buffer.concat(chunks).toString('utf8');
}

let configuredFetch: SsrFetch | null = null;

/** Renders one public page for a visitor the server knows nothing about (see routing/loaders.ts). */
async function render({ url, fetch: ssrFetch, viewport, output }: Parameters<SsrEntry['render']>[0]): Promise<SsrRenderResult> {
  if (configuredFetch !== ssrFetch) {
    // One API client per process: every render asks the same server, anonymously.
    api.configure({ platformType: 'SITE', getToken: () => null, fetch: fetchThrough(ssrFetch) });
    configuredFetch = ssrFetch;
  }
  const queryClient = createQueryClient();
  // In the Mini App the scheme is Telegram's: the browser dictates it after hydration, and the toggle is never shown.
  const scope = fork({
    values: [
      [$viewportWidthHint, VIEWPORT_HINT_WIDTH[viewport]],
      [$themeIsExternal, output === 'miniapp'],
    ],
  });
  // The browser's route table, its loaders waiting for the page's data (they fill the query cache). Under the Mini App's
  // base, as its browser router runs: a link rendered here has the href that router gives it while hydrating (React
  // never corrects an attribute that differs).
  const basename = output === 'miniapp' ? MINIAPP_BASE : '/';
  const handler = createStaticHandler(appRoutes(queryClient, 'server'), { basename });
  const context = await handler.query(new Request(new URL(`${basename}${url.replace(/^\//, '')}`, 'http://ssr.invalid')));
  if (context instanceof Response) {
    // A guard redirected (an unknown service goes to /404): the app path, as the server adds the base itself.
    const location = context.headers.get('Location') ?? '/';
    return {
      kind: 'redirect',
      status: context.status,
      location: location.startsWith(basename) ? `/${location.slice(basename.length)}` : location,
    };
  }
  const pathname = context.location.pathname;
  if (context.errors) throw new Error(`a route failed while rendering ${pathname} on the server`, { cause: context.errors });
  const router = createStaticRouter(handler.dataRoutes, context);
  const modules = context.matches.flatMap((match) => pageSource(match.route.id) ?? []);

  // The loaders' data goes with the page (the browser's router starts from it rather than running them again).
  const state: SsrState = {
    effector: serialize(scope),
    query: dehydrate(queryClient),
    router: { loaderData: context.loaderData, actionData: context.actionData, errors: null },
  };
  const status = context.statusCode === 404 ? 404 : 200;
  const failures: unknown[] = [];
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <Providers scope={scope} platform={createPlatform()} queryClient={queryClient}>
        {/* No inline script for the hydration data (the CSP refuses them): it travels in the page's state. */}
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </Providers>
    </StrictMode>,
    // Every boundary inline and complete: outlined boundaries would need React's inline scripts, which the CSP refuses.
    { progressiveChunkSize: Number.POSITIVE_INFINITY, onError: (error) => void failures.push(error) },
  );
  const html = await readAll(prelude);
  // A part that failed would be left to the browser and reported there as a hydration error: send the shell instead.
  if (failures.length > 0) throw new AggregateError(failures, `server rendering of ${pathname} failed`);
  return { kind: 'page', status, html, state: JSON.stringify(state), modules };
}

export const entry: SsrEntry = { render };
