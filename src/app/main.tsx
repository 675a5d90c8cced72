import '@telegram-apps/telegram-ui/dist/styles.css';
import './styles.css';
import { createPlatform } from '@platform/impl';
import { allSettled, fork } from 'effector';
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
  const external = platform.theme.current();
  if (platform.theme.external && external) await allSettled(themeDictated, { scope, params: external.scheme });
  await allSettled(appStarted, { scope });
  const router = createAppRouter(import.meta.env.BASE_URL.replace(/\/$/, '') || '/');
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Providers scope={scope} platform={platform} queryClient={createQueryClient()}>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
}

void start();
