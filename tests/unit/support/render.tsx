import { PlatformContext, type Platform } from '@platform';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import { fork, type Scope } from 'effector';
import { Provider } from 'effector-react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { createMockPlatform } from '../../../platform/mock';

export interface AppRenderOptions {
  /** A forked scope with the test's values and handlers; a fresh one otherwise. */
  scope?: Scope;
  /** Answers already in the cache, by query key. */
  queryData?: Array<[readonly unknown[], unknown]>;
  /** Query defaults beyond "no retries" (e.g. `staleTime: Infinity`, or `enabled: false` to keep every query idle). */
  queryDefaults?: { staleTime?: number; enabled?: boolean };
  /** Wrap in a MemoryRouter at this path (components that link or read the location). */
  route?: string;
  platform?: Platform;
  /** The app's own client (createQueryClient) where its defaults are what is tested; `queryDefaults` is then unused. */
  client?: QueryClient;
}

export interface AppRender extends RenderResult {
  scope: Scope;
  client: QueryClient;
  platform: Platform;
}

/**
 * One provider stack for UI tests, as the app has it (effector scope → react-query → platform →
 * router), so a test states only what differs: its scope, its cached answers, its path.
 */
export function renderWithApp(ui: ReactNode, options: AppRenderOptions = {}): AppRender {
  const scope = options.scope ?? fork();
  const client = options.client ?? new QueryClient({ defaultOptions: { queries: { retry: false, ...options.queryDefaults } } });
  for (const [key, data] of options.queryData ?? []) client.setQueryData(key, data);
  const platform = options.platform ?? createMockPlatform();
  const content = options.route !== undefined ? <MemoryRouter initialEntries={[options.route]}>{ui}</MemoryRouter> : ui;
  const view = render(
    <Provider value={scope}>
      <QueryClientProvider client={client}>
        <PlatformContext.Provider value={platform}>{content}</PlatformContext.Provider>
      </QueryClientProvider>
    </Provider>,
  );
  return { ...view, scope, client, platform };
}
