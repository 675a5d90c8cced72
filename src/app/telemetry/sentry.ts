import { captureException, dedupeIntegration, globalHandlersIntegration, init, linkedErrorsIntegration } from '@sentry/browser';
import type { ClientConfig } from '@kvarta/contract/client-config';

export interface ErrorScope {
  /** The page's pattern in the page table (`/:cityLink/apart/:apartId`), never the address itself. */
  route(): string;
  userId(): number | null;
  surface: 'web' | 'miniapp';
}

/**
 * Sentry's browser SDK with only what finds a bug: uncaught errors and rejections (global handlers), causes, and no
 * duplicates. Its other collectors are off — no breadcrumbs of clicks, console or requests, no page address (the Mini
 * App's carries Telegram's signed initData), no headers — and every event leaves with the release, the page's pattern,
 * the surface and the user's id only. Loaded in a chunk of its own, and only when the server handed the page a DSN.
 */
export function startSentry(config: NonNullable<ClientConfig['errors']>, scope: ErrorScope): (error: unknown) => void {
  init({
    dsn: config.dsn,
    release: config.release,
    environment: config.environment,
    defaultIntegrations: false,
    integrations: [globalHandlersIntegration(), linkedErrorsIntegration(), dedupeIntegration()],
    // Nothing gathered by the SDK itself: no user fields, cookies, headers, bodies or query parameters.
    dataCollection: { userInfo: false, cookies: false, httpHeaders: false, httpBodies: [], urlQueryParams: false },
    // Our own error messages stay exactly as thrown.
    enhanceFetchErrorMessages: false,
    sendClientReports: false,
    maxBreadcrumbs: 0,
    beforeBreadcrumb: () => null,
    beforeSend: (event) => {
      const userId = scope.userId();
      return {
        ...event,
        request: undefined,
        breadcrumbs: [],
        extra: undefined,
        tags: { route: scope.route(), surface: scope.surface },
        user: userId ? { id: String(userId) } : undefined,
      };
    },
  });
  return (error) => {
    captureException(error);
  };
}
