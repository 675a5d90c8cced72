import './styles.css';
import { createPlatform } from '@platform/impl';
import { hydrate } from '@tanstack/react-query';
import { allSettled, createWatch, fork, scopeBind } from 'effector';
import { $sessionReady, resetToAnonymousFx } from '@/entities/session';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { themeDictated } from '@/features/theme-toggle';
import { api, createQueryClient } from '@/shared/api';
import { appStarted } from './model';
import { Providers } from './providers';
import { createBrowserHistory } from '@/shared/router';
import { AppRouter, createAppRouter } from './router';
import { readSsrState } from './ssr-state';

/** Once the first page has been committed, the document is marked ready: from here on the page answers clicks
 * (end-to-end tests and speed audits wait for the mark). */
const markReady = () => {
  document.documentElement.dataset.ready = 'true';
};

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
        resolve();
      },
    });
  });
  api.configure({
    platformType: platform.apiPlatformType,
    getToken: () => platform.tokenStorage.get(),
    sessionStarted: () => sessionStarted,
  });
  // One query cache for the route guards (prefetch), the pages and the models (through invalidateFx).
  const queryClient = createQueryClient();
  if (ssr) hydrate(queryClient, ssr.query);
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
          href: () => window.location.href,
          replaceUrl: (url) => window.history.replaceState(window.history.state, '', url),
          reload: () => window.location.reload(),
        },
        // In Telegram the link opens natively; on the web the stand-in or t.me opens in a new tab.
        auth: { openTelegramLink: (url) => platform.openTelegramLink(url), webFallback: platform.kind === 'web' },
        queryClient,
      },
    });
  // Spec §8: any HTTP 401 makes the user anonymous again (no reload), then the request is retried once.
  const resetToAnonymous = scopeBind(resetToAnonymousFx, { scope });
  api.onStatus(401, async () => {
    await resetToAnonymous();
  });
  // Without the server's data, the session comes first: a guard's API call may need its token.
  if (!ssr) await startApp();
  const router = createAppRouter(queryClient, createBrowserHistory(import.meta.env.BASE_URL));
  // The page's guard and chunk before the first render: it renders (or hydrates) at once, with no fallback in between.
  const { redirect } = await router.prepare();
  if (redirect) await router.navigate(redirect, { replace: true });
  const root = document.getElementById('root')!;
  if (!ssr) {
    createRoot(root).render(
      <StrictMode>
        <Providers scope={scope} platform={platform} queryClient={queryClient}>
          <AppRouter router={router} onPageCommitted={markReady} />
        </Providers>
      </StrictMode>,
    );
    return;
  }
  // The server's data is here: the first paint need not wait for the session. The session, the saved city and theme
  // start right after it — what they change re-renders (after hydration, so it does not mismatch the server's markup).
  let startedOnce = false;
  const hydrated = () => {
    markReady();
    if (startedOnce) return;
    startedOnce = true;
    // A task of its own: the page's effects have just run in this one, and together they would block taps for longer.
    setTimeout(() => void startApp(), 0);
  };
  const app = (
    <StrictMode>
      <Providers scope={scope} platform={platform} queryClient={queryClient}>
        <AppRouter router={router} onPageCommitted={hydrated} />
      </Providers>
    </StrictMode>
  );
  // As a transition, hydration yields to the browser every few milliseconds instead of holding the main thread for the
  // whole page: a tap during it is still answered (React hydrates that part first). State always comes with its markup;
  // should the markup be missing, the page renders rather than hydrating nothing.
  startTransition(() => {
    if (root.firstElementChild) hydrateRoot(root, app);
    else createRoot(root).render(app);
  });
}

void start();
