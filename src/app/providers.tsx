import { PlatformContext, type Platform } from '@platform';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { Scope } from 'effector';
import { Provider } from 'effector-react';
import type { ReactNode } from 'react';

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
        <PlatformContext.Provider value={platform}>{children}</PlatformContext.Provider>
      </QueryClientProvider>
    </Provider>
  );
}
