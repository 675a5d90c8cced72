import '@telegram-apps/telegram-ui/dist/styles.css';
import './styles.css';
import { createPlatform } from '@platform/impl';
import { allSettled, fork, scopeBind } from 'effector';
import { resetToAnonymousFx } from '@/entities/session';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { themeDictated } from '@/features/theme-toggle';
import { api, createQueryClient } from '@/shared/api';
import { appStarted } from './model';
import { Providers } from './providers';
import { createAppRouter } from './router';

async function start(): Promise<void> {
  const platform = createPlatform();
  // Telegram: init, mount, ready() — before the router mounts.
  await platform.init();
  api.configure({ platformType: platform.apiPlatformType, getToken: () => platform.tokenStorage.get() });
  const scope = fork();
  // One query cache for the route loaders (prefetch), the pages and the models (through invalidateFx).
  const queryClient = createQueryClient();
  const external = platform.theme.current();
  if (platform.theme.external && external) await allSettled(themeDictated, { scope, params: external.scheme });
  await allSettled(appStarted, {
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
  const router = createAppRouter(import.meta.env.BASE_URL.replace(/\/$/, '') || '/', queryClient);
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Providers scope={scope} platform={platform} queryClient={queryClient}>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
}

void start();
