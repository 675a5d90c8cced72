import { existsSync } from 'node:fs';
import { QueryClient } from '@tanstack/react-query';
import { createStaticHandler, matchRoutes, type StaticHandlerContext } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { CATCH_ALL_ROUTE_ID, appRoutes, pageSource, type PageHandle } from '@/app/routing';
import { servicesQuery } from '@/entities/service';
import { PAGE_ROUTES, matchPage, type PageRoute } from '@kvarta/contract/routes';
import type { ServicesResponse } from '@/shared/api';
import { NOT_FOUND, PERSONAL_ROUTES } from '../../server/seo/page-meta';
import { pageStatus } from '../../server/http/spa';

/** A concrete path of each page: its pattern with sample parameters. */
const SAMPLE_PARAMS: Record<string, string> = {
  cityLink: 'spb',
  apartId: '12',
  complexId: '12',
  serviceSlug: 'ipoteka',
  purpose: 'callback',
};
const samplePath = (route: PageRoute) => route.path.replace(/:(\w+)/g, (_, name: string) => SAMPLE_PARAMS[name] ?? 'x');

/** The services the guards read, already in the cache (the loaders' ensureQueryData finds them there). */
function clientWithServices(): QueryClient {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(servicesQuery().queryKey, { services: [{ id: 1, code: 'ipoteka' }] } as unknown as ServicesResponse);
  return client;
}

/** The browser's table: the page the client renders for a path (the deepest match under the root layout). */
function clientMatch(pathname: string) {
  const matches = matchRoutes(appRoutes(new QueryClient(), 'browser'), pathname) ?? [];
  return matches[matches.length - 1]?.route ?? null;
}

/** The server renderer's table run as it runs there: loaders, guards, status. */
async function serverRender(pathname: string): Promise<StaticHandlerContext | Response> {
  const handler = createStaticHandler(appRoutes(clientWithServices(), 'server'));
  return handler.query(new Request(new URL(pathname, 'http://ssr.invalid')));
}

// The server renderer loads each page's module (the lazy routes), which takes a while on a busy machine.
describe('one route table for the browser, the server renderer and the SEO head', { timeout: 60_000 }, () => {
  it.each(PAGE_ROUTES.map((route) => [route.name, route] as const))('%s: SSR, SEO and the client agree', async (name, route) => {
    const path = samplePath(route);
    // The client: the route of that name, carrying the table's row for the title and layout.
    const client = clientMatch(path);
    expect(client?.id).toBe(name);
    expect((client?.handle as PageHandle).page).toBe(route);
    // The server's head, status and choice to render: the contract's matcher over the same table.
    expect(matchPage(path)?.route).toBe(route);
    expect(matchPage(`${path}/`)?.route).toBe(route);
    expect(pageStatus(path)).toBe(name === 'NOT_FOUND' ? 404 : 200);
    expect(PERSONAL_ROUTES.includes(name)).toBe(route.personal);
    // The server renderer: the same route, with its page's chunk (a real source module the manifest names).
    const context = await serverRender(path);
    if (context instanceof Response) throw new Error(`${path} redirected to ${context.headers.get('Location')}`);
    expect(context.errors).toBeNull();
    expect(context.matches.at(-1)?.route.id).toBe(name);
    expect(context.statusCode).toBe(200);
    const source = pageSource(name);
    if (name === 'HOME') expect(source).toBeNull();
    else expect(source !== null && existsSync(source), String(source)).toBe(true);
  });

  it.each(['/nowhere', '/agent/anything', '/spb/apart', '/services/a/b'])(
    '%s is NOT_FOUND everywhere: the catch-all page, no page for the server, HTTP 404',
    async (path) => {
      expect(clientMatch(path)?.id).toBe(CATCH_ALL_ROUTE_ID);
      expect((clientMatch(path)?.handle as PageHandle).page.name).toBe('NOT_FOUND');
      expect(matchPage(path)).toBeNull();
      expect(pageStatus(path)).toBe(404);
      expect(NOT_FOUND.status).toBe(404);
      const context = await serverRender(path);
      expect(context instanceof Response ? context.status : context.matches.at(-1)?.route.id).toBe(CATCH_ALL_ROUTE_ID);
    },
  );

  it('a guard answers a redirect on the server as in the browser: an unknown service goes to NOT_FOUND', async () => {
    const answer = await serverRender('/services/no-such-service');
    expect(answer instanceof Response && answer.status).toBe(302);
    expect((answer as Response).headers.get('Location')).toBe('/404');
  });
});
