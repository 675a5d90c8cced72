import './styles.css';
import type { Platform } from '@platform';
import { createPlatform } from '@platform/impl';
import { matchRoute } from '@kvarta/contract';
import { hydrate } from '@tanstack/react-query';
import { allSettled, createWatch, fork, scopeBind } from 'effector';
import { $sessionReady, resetToAnonymousFx } from '@/entities/session';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { themeDictated } from '@/features/theme-toggle';
import { api, createQueryClient } from '@/shared/api';
import { releaseDeferredIslands, whenIslandsHydrated } from '@/shared/ui';
import { replayEarlyTaps, takeEarlyTaps } from './early-taps';
import { appStarted } from './model';
import { Providers } from './providers';
import { createBrowserRouter, RouterProvider, type DataRouter } from 'react-router-dom';
import { appRoutes, resolveInitialLazy } from './routing';
import { readSsrState, receivedNow } from './ssr-state';
import { startTelemetry } from './telemetry';
import { PageCommittedContext } from './ui/page-committed';

/** Once the first page has been committed, the document is marked ready: from here on the page answers clicks
 * (end-to-end tests and speed audits wait for the mark). */
const markReady = () => {
  document.documentElement.dataset.ready = 'true';
};

let telemetryStarted = false;
/** How long the session waits at most for the server-rendered page's islands to hydrate. */
const ISLANDS_WAIT_MS = 10_000;

/** The launch opens a page of some city: a start parameter (a listing from the bot) or a path like /msk/apart/1. */
function launchNamesCity(platform: Platform): boolean {
  if (platform.startParam?.()) return true;
  const path = window.location.pathname.slice(import.meta.env.BASE_URL.length - 1);
  const page = matchRoute(path);
  return page === 'APART' || page === 'COMPLEX';
}

async function start(): Promise<void> {
  const platform = createPlatform();
  // Telegram: init, mount, ready() — before the router mounts.
  await platform.init();
  // The stylesheet lays the Mini App out as on a phone at every width (no side bar). index.html's boot script set it
  // before the first paint from the launch parameters; the platform has the last word (they may have been invalid).
  if (platform.compactLayout) document.documentElement.dataset.layout = 'compact';
  else delete document.documentElement.dataset.layout;
  const ssr = readSsrState(document);
  // A server-rendered page starts from the exact state it was rendered with, so that hydration finds the same tree.
  const scope = fork(ssr ? { values: ssr.effector } : undefined);
  const sessionStarted = new Promise<void>((resolve) => {
    const unwatch = createWatch({
      unit: $sessionReady,
      scope,
      fn: (ready) => {
        if (!ready) return;
        unwatch();
        // The session has started or failed to (tests and audits that need it wait for this mark).
        document.documentElement.dataset.session = 'ready';
        resolve();
      },
    });
  });
  api.configure({
    platformType: platform.apiPlatformType,
    getToken: () => platform.tokenStorage.get(),
    sessionStarted: () => sessionStarted,
  });
  // One query cache for the route guards (prefetch) and the pages; what flows change in it: app/server-cache.ts.
  const queryClient = createQueryClient();
  if (ssr) hydrate(queryClient, receivedNow(ssr.query, Date.now()));
  // Telegram's colour scheme, before the first render: the scheme changes no markup (the Mini App's server render has no
  // theme toggle either), so a server-rendered page still hydrates.
  const external = platform.theme.current();
  if (platform.theme.external && external) await allSettled(themeDictated, { scope, params: external.scheme });
  const startApp = () =>
    allSettled(appStarted, {
      scope,
      params: {
        session: {
          tokenStorage: platform.tokenStorage,
          bootstrap: platform.auth.bootstrap(),
          reload: () => window.location.reload(),
        },
        // The platform opens the bot's link its own way (natively in Telegram; a new tab and a web fallback on the web).
        auth: { openBinding: (links) => platform.auth.openBinding(links) },
        queryClient,
        outside: { forgetCookies: (names) => platform.forgetCookies(names) },
        synced: platform.syncedStorage ? { storage: platform.syncedStorage, cityInUrl: launchNamesCity(platform) } : undefined,
      },
    });
  // Spec §8: any HTTP 401 makes the user anonymous again (no reload), then the request is retried once.
  const resetToAnonymous = scopeBind(resetToAnonymousFx, { scope });
  api.onStatus(401, async () => {
    await resetToAnonymous();
  });
  // Without the server's data, the session comes first: a guard's API call may need its token.
  if (!ssr) await startApp();
  // '/tma/' in the Mini App, with its slash: a link to TOP is '/tma/', as Telegram opens it. The bare '/tma' (which the
  // server answers too) becomes '/tma/' first, so that it lies inside the basename.
  const basename = import.meta.env.BASE_URL;
  if (`${window.location.pathname}/` === basename) {
    const { search, hash } = window.location;
    window.history.replaceState(window.history.state, '', `${basename}${search}${hash}`);
  }
  const routes = appRoutes(queryClient, 'browser');
  // The page's chunk before the router starts: it renders (or hydrates) at once, with no fallback in between.
  await resolveInitialLazy(routes, window.location.pathname, basename);
  const router = createBrowserRouter(routes, { basename, ...(ssr ? { hydrationData: ssr.router } : {}) });
  // Every change of the router's state gives the routes' context a new value, and React then must hydrate each island
  // still dehydrated below (a card deferred until it nears the screen) before it can commit — a navigation rendered as a
  // transition waited on them for good. So each change lets the islands still waiting hydrate first (this subscriber
  // runs before the RouterProvider's). Not only the first: the router may change state at start (the Mini App's), before
  // any island has registered its gate.
  router.subscribe(releaseDeferredIslands);
  const root = document.getElementById('root')!;
  // Error reports and real-user speed, after the first page is committed (their code loads in chunks of its own).
  const pageCommitted = () => {
    markReady();
    if (telemetryStarted) return;
    telemetryStarted = true;
    startTelemetry(platform, scope);
  };
  const appWith = (onPageCommitted: () => void) => (
    <StrictMode>
      <Providers scope={scope} platform={platform} queryClient={queryClient}>
        <PageCommittedContext.Provider value={onPageCommitted}>
          <RouterProvider router={router} />
        </PageCommittedContext.Provider>
      </Providers>
    </StrictMode>
  );
  if (!ssr) {
    // The guards (and a redirect they answer) before the first render.
    await routerSettled(router);
    createRoot(root).render(appWith(pageCommitted));
    return;
  }
  // The server's data is here: the first paint need not wait for the session. The session, the saved city and theme
  // start right after it — what they change re-renders (after hydration, so it does not mismatch the server's markup).
  let startedOnce = false;
  const earlyTaps = takeEarlyTaps();
  const hydrated = () => {
    pageCommitted();
    if (startedOnce) return;
    startedOnce = true;
    // After the page's islands have hydrated (see HydrationIsland: a store changed before an island hydrates leaves
    // its markup stale), and in a task of its own: the page's effects have just run in this one. An island that
    // somehow never hydrates must not keep the session from starting.
    setTimeout(() => {
      void Promise.race([whenIslandsHydrated(), new Promise((resolve) => setTimeout(resolve, ISLANDS_WAIT_MS))]).then(() => {
        // Every island is interactive (tests and audits wait for this mark): taps made before are pressed again.
        document.documentElement.dataset.hydrated = 'true';
        replayEarlyTaps(earlyTaps);
        return startApp();
      });
    }, 0);
  };
  const app = appWith(hydrated);
  // As a transition, hydration yields to the browser every few milliseconds instead of holding the main thread for the
  // whole page: a tap during it is still answered (React hydrates that part first). State always comes with its markup;
  // should the markup be missing, the page renders rather than hydrating nothing.
  startTransition(() => {
    if (root.firstElementChild) hydrateRoot(root, app);
    else createRoot(root).render(app);
  });
}

/** Resolves once the router has run the first location's loaders (and followed their redirects). */
function routerSettled(router: DataRouter): Promise<void> {
  const settled = () => router.state.initialized && router.state.navigation.state === 'idle';
  if (settled()) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe(() => {
      if (!settled()) return;
      unsubscribe();
      resolve();
    });
  });
}

void start();
