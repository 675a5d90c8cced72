import { matchRoutes, type RouteObject } from 'react-router-dom';

/**
 * Loads the code of the pages the first location matches and puts it on their routes, before the router is created:
 * the first render (or hydration of the server's markup) then has the page itself, not a fallback in its place.
 */
export async function resolveInitialLazy(routes: RouteObject[], pathname: string, basename: string): Promise<void> {
  const matches = matchRoutes(routes, pathname, basename) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
}
