import { AppRoot } from '@telegram-apps/telegram-ui';
import { PlatformContext, type Platform } from '@platform';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { Scope } from 'effector';
import { Provider, useUnit } from 'effector-react';
import type { ReactNode } from 'react';
import { $theme } from '@/features/theme-toggle';

function Appearance({ platform, children }: { platform: Platform; children: ReactNode }) {
  const theme = useUnit($theme);
  // telegram-ui gets appearance and platform explicitly in both builds: no guessing from globals.
  return (
    <AppRoot appearance={theme} platform={platform.uiPlatform}>
      {children}
    </AppRoot>
  );
}

export function Providers({
  scope,
  platform,
  queryClient,
  children,
}: {
  scope: Scope;
  platform: Platform;
  queryClient: QueryClient;
  children: ReactNode;
}) {
  return (
    <Provider value={scope}>
      <QueryClientProvider client={queryClient}>
        <PlatformContext.Provider value={platform}>
          <Appearance platform={platform}>{children}</Appearance>
        </PlatformContext.Provider>
      </QueryClientProvider>
    </Provider>
  );
}
