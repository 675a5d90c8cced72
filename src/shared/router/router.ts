import type { ReactNode } from 'react';
import type { AppLocation, RouterHistory } from './history';
import { compilePath, parsePath, type CompiledPath } from './path';

/** A page that can be loaded before it renders (see lazyPage in app/): navigation waits for it, so no fallback flashes. */
export interface PreloadablePage {
  preload(): Promise<void>;
}

export interface RouteDefinition {
  /** `/services/:serviceSlug`, `/` or `*`. */
  path: string;
  element: ReactNode;
  page?: PreloadablePage;
  /**
   * Runs before the route renders (in the browser before the URL changes, on the server before rendering); returns a
   * path to go to instead (the navigation is replaced), or null. A throw shows the error page.
   */
  guard?: (params: Readonly<Record<string, string>>) => Promise<string | null>;
}

export interface RouteMatch {
  route: RouteDefinition;
  params: Readonly<Record<string, string>>;
}

export interface RouterState {
  location: AppLocation;
  match: RouteMatch | null;
  /** What a guard threw: the error page shows it. */
  error: unknown;
}

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

export interface Router {
  readonly history: RouterHistory;
  readonly routes: readonly RouteDefinition[];
  state: () => RouterState;
  subscribe: (listener: () => void) => () => void;
  /** A path (with optional query and hash) or a step through history (-1: back). */
  navigate(to: string | number, options?: NavigateOptions): Promise<void>;
  /** Guards and page chunk of the current location, before the first render (the browser) or rendering (the server). */
  prepare(): Promise<{ redirect: string | null }>;
  /** Resolves the route a path belongs to. */
  matchPath(pathname: string): RouteMatch | null;
  dispose(): void;
}

/** Loops of guards redirecting to each other stop here and show the error page. */
const MAX_REDIRECTS = 5;

/** The first route of the table that a path matches (the table ends with a catch-all `*`). */
export function findRoute(routes: readonly RouteDefinition[], pathname: string): RouteMatch | null {
  return routeMatcher(routes)(pathname);
}

function routeMatcher(routes: readonly RouteDefinition[]): (pathname: string) => RouteMatch | null {
  const compiled: Array<{ route: RouteDefinition; path: CompiledPath }> = routes.map((route) => ({ route, path: compilePath(route.path) }));
  return (pathname) => {
    for (const { route, path } of compiled) {
      const params = path.match(pathname);
      if (params) return { route, params };
    }
    return null;
  };
}

/** The app's router: one route table under a layout, history, guards and preloading of the next page. */
export function createRouter(routes: readonly RouteDefinition[], history: RouterHistory): Router {
  const matchPath = routeMatcher(routes);
  let current: RouterState = { location: history.location(), match: matchPath(history.location().pathname), error: null };
  const listeners = new Set<() => void>();
  const commit = (next: RouterState) => {
    current = next;
    for (const listener of listeners) listener();
  };
  /** Guard then page chunk; the redirect path, or null to render this match. */
  const resolve = async (match: RouteMatch | null): Promise<string | null> => {
    if (!match) return null;
    const redirect = match.route.guard ? await match.route.guard(match.params) : null;
    if (redirect === null) await match.route.page?.preload();
    return redirect;
  };

  // A newer navigation wins: an older one still loading is dropped when it finishes.
  let generation = 0;
  const go = async (to: string, options: NavigateOptions, fromHistory: AppLocation | null, redirects: number): Promise<void> => {
    const id = ++generation;
    const target = fromHistory ?? { ...parsePath(to), state: options.state ?? null, key: '' };
    const match = matchPath(target.pathname);
    let redirect: string | null;
    try {
      redirect = await resolve(match);
    } catch (error) {
      if (id !== generation) return;
      const location = fromHistory ?? (options.replace ? history.replace(to, options.state) : history.push(to, options.state));
      commit({ location, match, error });
      return;
    }
    if (id !== generation) return;
    if (redirect !== null) {
      if (redirects >= MAX_REDIRECTS) {
        commit({ location: history.location(), match, error: new Error('Слишком много перенаправлений') });
        return;
      }
      // The entry the user moved to (or would have pushed) is replaced by the guard's answer.
      return go(redirect, { replace: fromHistory !== null || Boolean(options.replace) }, null, redirects + 1);
    }
    const location = fromHistory ?? (options.replace ? history.replace(to, options.state) : history.push(to, options.state));
    commit({ location, match, error: null });
  };

  const unlisten = history.listen((location) => void go('', {}, location, 0));

  return {
    history,
    routes,
    state: () => current,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    navigate(to, options = {}) {
      if (typeof to === 'number') {
        history.go(to);
        return Promise.resolve();
      }
      return go(to, options, null, 0);
    },
    async prepare() {
      const id = generation;
      try {
        const redirect = await resolve(current.match);
        return { redirect: id === generation ? redirect : null };
      } catch (error) {
        if (id === generation) commit({ ...current, error });
        return { redirect: null };
      }
    },
    matchPath,
    dispose: unlisten,
  };
}
