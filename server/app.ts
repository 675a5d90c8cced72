import Fastify, { type FastifyInstance, type FastifyPluginAsync, type RouteOptions } from 'fastify';
// Every module's sign-in merge steps, added before the first sign-in.
import './merge-plan';
import type { BotGateway } from './infra/bot-gateway';
import { envelopeClientErrorHandler } from './http/client-errors';
import { fastifyTimeoutOptions, resolveConnectionLimits } from './http/connection-limits';
import { requestLogSerializer } from './http/log-redaction';
import { frameworkErrors, MAX_PARAM_LENGTH } from './http/url-guard';
import { fastifyTrustProxy, type TrustProxy } from './http/trust-proxy';
import { DEFAULT_JOBS_CONFIG, type JobsConfig } from './jobs';
import { infraPlugin, type InfraOptions } from './infra/plugin';
import { httpPlugin, type HttpOptions } from './http/plugin';
import { authPlugin, type AuthOptions } from './auth/plugin';
import { cataloguePlugin } from './catalog/plugin';
import { botPlugin, type BotOptions } from './bot/plugin';
import { subscriptionPlugin, type SubscriptionOptions } from './subscription/plugin';
import { liraPlugin, type LiraOptions } from './lira/plugin';
import { callbackPlugin, type CallbackOptions } from './callback/plugin';
import { pagesPlugin, type PagesOptions } from './seo/plugin';
import { instanceSyncPlugin } from './instance-sync';
import { initRoutes } from './http/init-routes';
import { docsRoutes } from './http/docs-routes';
import { apiDocsRoutes } from './http/api-docs-routes';
import { vitalsRoutes } from './http/vitals-routes';
import { passportRoutes } from './auth/routes';
import { consentRoutes } from './consent/routes';
import { cabinetRoutes } from './privacy/routes';
import { defineCleanupJob } from './privacy/jobs';
import { catalogRoutes } from './catalog/routes';
import { mediaRoutes } from './catalog/media/routes';
import { selectionRoutes } from './selection/routes';
import { favouriteRoutes } from './favourites/routes';
import { defineFavouriteAlertsJob } from './favourites/jobs';
import { liraRoutes } from './lira/routes';
import { subscriptionRoutes } from './subscription/routes';
import { cloudPaymentsNotificationRoutes } from './subscription/cloudpayments/routes';
import { contentRoutes } from './content/routes';
import { adminRoutes } from './feeds/routes';
import { defineFeedJobs } from './feeds/jobs';
import { mortgageRoutes } from './mortgage/routes';
import { searchRoutes } from './search/routes';
import { shareRoutes } from './bot/routes';
import { callbackRoutes } from './callback/routes';
import type { RateLimit } from './infra/rate-limit';

type Settings = InfraOptions &
  HttpOptions &
  AuthOptions &
  BotOptions &
  SubscriptionOptions &
  LiraOptions &
  CallbackOptions &
  PagesOptions & { vitalsLimit?: RateLimit };

export type BuildAppOptions = Omit<Settings, 'frontEnds' | 'bot' | 'jobs' | 'cardStandIn' | 'devPages'> &
  Partial<Pick<Settings, 'frontEnds' | 'bot'>> & {
    logLevel?: string;
    /** Where log lines go (tests read them); stdout by default. */
    logStream?: { write(line: string): void };
    /** TRUST_PROXY: which X-Forwarded-For hops to believe (a hop count or proxy addresses; never the whole chain). */
    trustProxy?: TrustProxy;
    /** Periods and delays of the background jobs. */
    jobs?: Partial<JobsConfig>;
    /** TELEGRAM_OFFLINE_SEND_DELAY_MS: the stand-in takes this long per message (crash tests). */
    offlineSendDelayMs?: number;
    /** CATALOGUE includes demo: the demo market's tick is defined (server/demo/); default on, as in bootstrap.ts. */
    demoCatalogue?: boolean;
  };

type Plugin = [FastifyPluginAsync<Settings>, string?];

/** The contract's routes under /api, one module per capability. */
const API_ROUTES: Array<FastifyPluginAsync<Settings>> = [
  initRoutes,
  cabinetRoutes,
  consentRoutes,
  catalogRoutes,
  selectionRoutes,
  favouriteRoutes,
  liraRoutes,
  subscriptionRoutes,
  contentRoutes,
  mediaRoutes,
  adminRoutes,
  mortgageRoutes,
  searchRoutes,
  shareRoutes,
  apiDocsRoutes,
  vitalsRoutes,
];

/** Plugins in the order they depend on each other, each with its prefix; see docs/architecture.md for why a list. */
async function plugins(options: BuildAppOptions): Promise<Plugin[]> {
  // Development tools (server/dev/) and the demo catalogue (server/demo/) are loaded only when their settings are on.
  const dev = options.env !== 'production' ? await import('./dev') : null;
  const demo = options.demoCatalogue !== false ? await import('./demo') : null;
  return [
    [infraPlugin],
    [httpPlugin],
    [cataloguePlugin],
    [instanceSyncPlugin],
    [botPlugin],
    [authPlugin],
    [subscriptionPlugin],
    [liraPlugin],
    [callbackPlugin],
    ...API_ROUTES.map((routes): Plugin => [routes, '/api']),
    [passportRoutes, '/passport'],
    [cloudPaymentsNotificationRoutes],
    [callbackRoutes, '/bot-api'],
    [defineCleanupJob],
    [defineFavouriteAlertsJob],
    [defineFeedJobs],
    ...(demo ? [[demo.defineMarketJob] as Plugin] : []),
    ...(dev ? [[dev.devToolsPlugin] as Plugin] : []),
    [docsRoutes],
    [pagesPlugin],
  ];
}

/** What the plugins are handed: the options with their defaults, the offline bot and the stand-ins filled in. */
async function settingsOf(options: BuildAppOptions): Promise<Settings> {
  const dev = options.env !== 'production' ? await import('./dev') : null;
  // Without a bot of its own the server runs the offline stand-in (server/dev/), which production refuses (config.ts).
  const bot: BotGateway = options.bot ?? new (await import('./dev')).OfflineBot(options.db, '', options.offlineSendDelayMs);
  return {
    ...options,
    bot,
    frontEnds: options.frontEnds ?? { web: 'dist/web', miniapp: 'dist/miniapp' },
    jobs: { ...DEFAULT_JOBS_CONFIG, ...options.jobs },
    cardStandIn: dev && options.telegram.standIn ? dev.cardStandIn : null,
    devPages: dev?.DEV_PAGES ?? null,
  };
}

/** The whole HTTP surface: /api, /passport, /bot-api, the website at / and the Mini App at /tma/. */
export async function buildApp(options: BuildAppOptions): Promise<{ app: FastifyInstance; routes: RouteOptions[] }> {
  const { logLevel, logStream, trustProxy, ...rest } = options;
  const app = Fastify({
    logger: { level: logLevel ?? 'info', serializers: { req: requestLogSerializer }, ...(logStream ? { stream: logStream } : {}) },
    ...fastifyTimeoutOptions(resolveConnectionLimits(options.connectionLimits)),
    clientErrorHandler: envelopeClientErrorHandler,
    bodyLimit: 1024 * 1024,
    // A plugin's start is bounded by the start as a whole (the platform's health check), not by Fastify's 10 s each:
    // on a loaded two-core machine @fastify/static listing the builds' files once took longer and the server never came up.
    pluginTimeout: 120_000,
    // Route params are validated by the contract; keep Fastify from rejecting long ids first.
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    // Errors of the HTTP layer itself, in the envelope too.
    frameworkErrors,
    trustProxy: fastifyTrustProxy(trustProxy ?? false),
  });
  // Every route as registered (with its contract schemas in `config.contract`), so tests can walk the whole surface.
  const routes: RouteOptions[] = [];
  app.addHook('onRoute', (route) => void routes.push(route));
  const settings = await settingsOf(rest);
  for (const [plugin, prefix] of await plugins(options)) await app.register(plugin, prefix ? { ...settings, prefix } : settings);
  return { app, routes };
}
