import type { EndpointName } from '@kvarta/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { TelegramConfig } from '../infra/bot-gateway';
import { createOriginResolver, type OriginResolver } from '../seo/origin';
import { AppLimiters, type AppRateLimits } from './app-limits';
import { installCompression } from './compression';
import { resolveConnectionLimits, type ConnectionLimits } from './connection-limits';
import type { ProviderName } from './content-providers';
import { installErrorHandling } from './envelope';
import { installHardening } from './hardening';
import { installMetrics } from './metrics-route';
import { requestUserId } from './request-user';
import { assertContractImplemented } from './route';
import type { FrontEnds } from './spa';

declare module 'fastify' {
  interface FastifyInstance {
    /** Anonymous tokens, bindings, promocode checks, notes, shares (app-limits.ts). */
    limiters: AppLimiters;
    /** The origin of canonical links, previews and shared listings for a request. */
    originOf: OriginResolver;
  }
}

export interface HttpOptions {
  telegram: TelegramConfig;
  /** Public origin, for links the bot sends (the Mini App URL). */
  publicUrl?: string;
  /**
   * PUBLIC_URL as configured, not defaulted: the origin of canonical links, previews and sitemaps. null: not
   * configured, so those use the request's Host when it is a plain host[:port] (development). Omitted: `publicUrl`.
   */
  canonicalUrl?: string | null;
  /** Built front ends; a missing folder serves a short "not built" page. */
  frontEnds: FrontEnds;
  /** DEV_TOOLS_REMOTE=1: the stand-in and the sandbox answer other machines too; otherwise loopback only. */
  devToolsRemote?: boolean;
  /** Tests: check every contract route's answer against its response schema (off in production). */
  checkResponses?: boolean;
  /** Anonymous tokens, bindings, promocode checks (server/http/app-limits.ts); tests pass small ones. */
  rateLimits?: Partial<AppRateLimits>;
  /** Third-party providers configured in this environment (content-providers.ts): their origins join the CSP. */
  contentProviders?: ProviderName[];
  /** Extra connect-src origins: an absolute VITE_API_BASE and the like. */
  connectOrigins?: string[];
  /** Timeouts and the per-address socket cap of the listener (connection-limits.ts has the production defaults). */
  connectionLimits?: Partial<ConnectionLimits>;
  /** ADMIN_TOKEN for /api/admin/*; without it those routes answer 404. */
  adminToken?: string | null;
  /** METRICS_TOKEN: the bearer token of `/metrics`; without it the route answers 404. */
  metricsToken?: string | null;
  /** The developer tools' pages when server/dev/ is registered (their content policy allows their scripts). */
  devPages?: { page: string; payment: string } | null;
}

/** What every request meets before a route: compression, the envelope, the hardening, the limits, /metrics. */
export const httpPlugin = fp(
  async (app: FastifyInstance, options: HttpOptions) => {
    // Before any route: the plugin attaches itself to each route as it is added.
    await installCompression(app);
    installErrorHandling(app, (error, request) =>
      app.errorTracker.capture(error, {
        route: request.routeOptions.url ?? 'unmatched',
        method: request.method,
        userId: requestUserId(request),
      }),
    );
    const limiters = new AppLimiters(app.limits, options.rateLimits);
    const tries = { before: (ip: string) => limiters.adminTriesLeft(ip), wrong: (ip: string) => limiters.wrongAdminToken(ip) };
    app.decorate('limiters', limiters);
    app.decorate(
      'originOf',
      createOriginResolver(options.canonicalUrl === undefined ? options.publicUrl : (options.canonicalUrl ?? undefined)),
    );
    app.decorate('checkResponses', options.checkResponses === true && app.env !== 'production');
    app.decorate('contractRoutes', new Set<EndpointName>());
    app.decorate('adminToken', options.adminToken ?? null);
    app.decorate('adminTries', tries);
    await installHardening(app, {
      limits: resolveConnectionLimits(options.connectionLimits),
      frontEnds: options.frontEnds,
      publicUrl: options.publicUrl,
      contentProviders: options.contentProviders,
      connectOrigins: options.connectOrigins,
      devToolsRemote: options.devToolsRemote ?? false,
      botToken: options.telegram.botToken,
      devPages: options.devPages ?? null,
    });
    installMetrics(app, {
      metrics: app.metrics,
      queue: app.queue,
      token: options.metricsToken ?? null,
      isReady: () => app.accepting,
      tries,
    });
    // Every contract route is registered once all plugins are: a missing one stops the start.
    app.addHook('onReady', async () => assertContractImplemented(app));
  },
  { name: 'kvarta-http', fastify: '5.x', dependencies: ['kvarta-infra'] },
);
