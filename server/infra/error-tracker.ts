import * as Sentry from '@sentry/node';

/** Where the request was when it failed: never tokens, bodies or personal fields, only what finds the bug. */
export interface ErrorContext {
  route?: string;
  method?: string;
  userId?: number | null;
  /** A background job that failed its last try (its name; no route then). */
  job?: string;
}

export interface ErrorTracker {
  readonly enabled: boolean;
  capture(error: unknown, context?: ErrorContext): void;
  /** Sends what is queued (shutdown, tests). */
  flush(timeoutMs?: number): Promise<void>;
}

const NO_TRACKER: ErrorTracker = { enabled: false, capture: () => undefined, flush: async () => undefined };

/**
 * Server errors to an error tracker speaking Sentry's protocol (Sentry itself, or GlitchTip) when SENTRY_DSN is set;
 * without it the SDK is never initialised and nothing leaves the machine. Only what we hand it is sent: the SDK's
 * own integrations (request bodies, headers, breadcrumbs of outgoing calls) are off, so a token or a phone number
 * in a request can never reach the tracker.
 */
export function createErrorTracker(options: { dsn: string | undefined; release: string; environment: string }): ErrorTracker {
  if (!options.dsn) return NO_TRACKER;
  Sentry.init({
    dsn: options.dsn,
    release: options.release,
    environment: options.environment,
    defaultIntegrations: false,
    integrations: [],
    sendClientReports: false,
    beforeSend: (event) => ({
      ...event,
      request: undefined,
      breadcrumbs: [],
      extra: undefined,
      user: event.user?.id ? { id: event.user.id } : undefined,
    }),
  });
  return {
    enabled: true,
    capture(error, context = {}) {
      Sentry.captureException(error, {
        tags: { route: context.route ?? 'unknown', method: context.method ?? 'unknown', ...(context.job ? { job: context.job } : {}) },
        ...(context.userId ? { user: { id: String(context.userId) } } : {}),
      });
    },
    async flush(timeoutMs = 2_000) {
      await Sentry.flush(timeoutMs);
    },
  };
}
