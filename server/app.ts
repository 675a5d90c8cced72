import { join } from 'node:path';
import { tmpdir } from 'node:os';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { closeBindingStreams } from './http/binding-stream';
// Every module's sign-in merge steps, added before the first sign-in.
import './merge-plan';
import { createAuthenticator } from './http/session';
import { TokenService } from './auth/tokens';
import type { BotGateway } from './infra/bot-gateway';
import type { ServerConfig, TelegramConfig } from './config';
import { loadCityFacts } from './catalog/city-facts';
import { loadInfrastructure } from './catalog/repository/complexes';
import type { InfraPoint } from './core/model';
import { CatalogueMemory } from './catalog/memory';
import type { AppContext } from './context';
import type { Database } from './db/connection';
import type { EndpointName } from '@kvarta/contract';
import { AppLimiters, type AppRateLimits } from './http/app-limits';
import { envelopeClientErrorHandler } from './http/client-errors';
import { fastifyTimeoutOptions, resolveConnectionLimits, type ConnectionLimits } from './http/connection-limits';
import { installHardening } from './http/hardening';
import { installCompression } from './http/compression';
import { installErrorHandling } from './http/envelope';
import { assertContractImplemented } from './http/route';
import { installFrontEnds, type FrontEnds } from './http/spa';
import { createPageRenderer, loadSsrEntry } from './http/ssr';
import { createPageRenders } from './http/page-renders';
import { createRenderGate, scaledRenderLimits, type RenderLimits } from './http/render-gate';
import { requestLogSerializer } from './http/log-redaction';
import { frameworkErrors, MAX_PARAM_LENGTH } from './http/url-guard';
import { fastifyTrustProxy, type TrustProxy } from './http/trust-proxy';
import { NO_OPERATOR } from './content/operator';
import type { OperatorInfo } from '@kvarta/contract/operator';
import type { ClientConfig } from '@kvarta/contract/client-config';
import type { ProviderName } from './http/content-providers';
import { Engine } from './ranking/engine';
import { CallbackService, type CallbackServiceOptions } from './callback';
import { apiDocsRoutes } from './http/api-docs-routes';
import { cabinetRoutes } from './privacy/routes';
import { callbackRoutes } from './callback/routes';
import { catalogRoutes } from './catalog/routes';
import { docsRoutes } from './http/docs-routes';
import { contentRoutes } from './content/routes';
import { initRoutes } from './http/init-routes';
import { mediaRoutes } from './catalog/media/routes';
import { adminRoutes } from './feeds/routes';
import { mortgageRoutes } from './mortgage/routes';
import { searchRoutes } from './search/routes';
import { selectionRoutes } from './selection/routes';
import { favouriteRoutes } from './favourites/routes';
import { seoRoutes } from './seo/routes';
import { shareRoutes } from './bot/routes';
import { createOriginResolver } from './seo/origin';
import { createSeo } from './seo';
import { serviceMediaRoutes } from './catalog/media/service-routes';
import { passportRoutes } from './auth/routes';
import { liraRoutes } from './lira/routes';
import { subscriptionRoutes } from './subscription/routes';
import { cloudPaymentsNotificationRoutes } from './subscription/cloudpayments/routes';
import { createPayments, type PaymentsOptions } from './subscription/setup';
import { RedemptionMarker } from './subscription/redemption-marker';
import { starsHandlers } from './subscription/stars';
import { attachEventBus, LocalEventBus, type EventBus } from './infra/event-bus';
import { InProcessQueue } from './infra/in-process-queue';
import type { JobQueue } from './infra/job-queue';
import { MemoryLimitStore, type LimitStore } from './infra/limits';
import { DEFAULT_JOBS_CONFIG, defineJobs, type JobsConfig } from './jobs';
import { followOtherInstances } from './instance-sync';
import { Metrics } from './infra/metrics';
import { measuredBot } from './infra/measured-bot';
import { installMetrics } from './http/metrics-route';
import { createErrorTracker, type ErrorTracker } from './infra/error-tracker';
import { requestUserId } from './http/request-user';
import type { RateLimit } from './infra/rate-limit';
import { vitalsRoutes } from './http/vitals-routes';

export interface BuildAppOptions {
  db: Database;
  jwtSecret: Uint8Array;
  env?: ServerConfig['env'];
  logLevel?: string;
  /** Where log lines go (tests read them); stdout by default. */
  logStream?: { write(line: string): void };
  /** Built front ends; a missing folder serves a short "not built" page. */
  frontEnds?: FrontEnds;
  telegram: TelegramConfig;
  /** The real bot when configured; the offline stand-in otherwise. */
  bot?: BotGateway;
  /** Public origin, for links the bot sends (the Mini App URL). */
  publicUrl?: string;
  /**
   * PUBLIC_URL as configured, not defaulted: the origin of canonical links, previews and sitemaps. null: not
   * configured, so those use the request's Host when it is a plain host[:port] (development). Omitted: `publicUrl`.
   */
  canonicalUrl?: string | null;
  /** Prices and card payments (CloudPayments' keys); without keys the stand-in's fake CloudPayments, never in production. */
  payments?: PaymentsOptions;
  /** TRUST_PROXY: which X-Forwarded-For hops to believe (a hop count or proxy addresses; never the whole chain). */
  trustProxy?: TrustProxy;
  /** DEV_TOOLS_REMOTE=1: the stand-in and the sandbox answer other machines too; otherwise loopback only. */
  devToolsRemote?: boolean;
  /** Apartments per sitemap file (50 000, the protocol's limit); tests lower it to see the split. */
  sitemapPageSize?: number;
  /** Tests: check every contract route's answer against its response schema (off in production). */
  checkResponses?: boolean;
  /** Anonymous tokens, bindings, promocode checks (server/http/app-limits.ts); tests pass small ones. */
  rateLimits?: Partial<AppRateLimits>;
  /** Bounds on server renders and page documents per client (render-gate.ts); production's by default. */
  renderLimits?: RenderLimits;
  /** Third-party providers configured in this environment (content-providers.ts): their origins join the CSP. */
  contentProviders?: ProviderName[];
  /** The outside services' public settings every page is handed (client-config.ts). */
  clientConfig?: ClientConfig;
  /** Who runs the service (LEGAL_*, SUPPORT_*, MARKETING_FIGURES); nothing is claimed without it. */
  operator?: OperatorInfo;
  /** Extra connect-src origins: an absolute VITE_API_BASE and the like. */
  connectOrigins?: string[];
  /** Timeouts and the per-address socket cap of the listener (connection-limits.ts has the production defaults). */
  connectionLimits?: Partial<ConnectionLimits>;
  /** Call-back requests; tests pass limits and timings of their own. */
  callbacks?: Partial<Pick<CallbackServiceOptions, 'perClient' | 'perAddress' | 'maxAttempts' | 'deliveryWaitMs'>>;
  /** ROLE (server/main.ts); 'all' by default. */
  role?: AppContext['role'];
  /** What instances tell each other; a local bus (one process) by default. */
  bus?: EventBus;
  /** The job queue; in-process by default (not running jobs until `work()`: tests run them when they want). */
  queue?: JobQueue;
  /** Where rate limits are counted; memory by default. */
  limits?: LimitStore;
  /** Periods and delays of the background jobs. */
  jobs?: Partial<JobsConfig>;
  /** Where feed photos are stored (DATA_DIR/media); a temporary folder by default (tests). */
  mediaDir?: string;
  /** ADMIN_TOKEN for /api/admin/*; without it those routes answer 404. */
  adminToken?: string | null;
  /** LIRA_SEND_LEASE_SECONDS (lira/notify.ts). */
  liraSendLeaseSeconds?: number;
  /** TELEGRAM_OFFLINE_SEND_DELAY_MS: the stand-in takes this long per message (crash tests). */
  offlineSendDelayMs?: number;
  /** CATALOGUE includes demo: the demo market's tick is defined (server/demo/); default on, as in bootstrap.ts. */
  demoCatalogue?: boolean;
  /** The process's metrics (main.ts shares them with the event bus); a registry of the app's own by default. */
  metrics?: Metrics;
  /** METRICS_TOKEN: the bearer token of `/metrics`; without it the route answers 404. */
  metricsToken?: string | null;
  /** Where unexpected errors are reported (SENTRY_DSN); nowhere by default. */
  errors?: ErrorTracker;
  /** Real-user speed reports per address and instance (routes/vitals.ts has the production default). */
  vitalsLimit?: RateLimit;
}

/** Without a bot of its own the server runs the offline stand-in (server/dev/), which production refuses (config.ts). */
async function offlineBot(options: BuildAppOptions): Promise<BotGateway> {
  const { OfflineBot } = await import('./dev');
  return new OfflineBot(options.db, '', options.offlineSendDelayMs);
}

/** The whole HTTP surface: /api, /passport, /bot-api, the website at / and the Mini App at /tma/. */
export async function buildApp(
  options: BuildAppOptions,
): Promise<{ app: FastifyInstance; ctx: AppContext; routes: RouteOptions[]; queue: JobQueue; callbacks: CallbackService }> {
  const limits = resolveConnectionLimits(options.connectionLimits);
  const app = Fastify({
    logger: {
      level: options.logLevel ?? 'info',
      serializers: { req: requestLogSerializer },
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    ...fastifyTimeoutOptions(limits),
    clientErrorHandler: envelopeClientErrorHandler,
    bodyLimit: 1024 * 1024,
    // Route params are validated by the contract; keep Fastify from rejecting long ids first.
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    // Errors of the HTTP layer itself, in the envelope too.
    frameworkErrors,
    trustProxy: fastifyTrustProxy(options.trustProxy ?? false),
  });
  // Every route as registered (with its contract schemas in `config.contract`), so tests can walk the whole surface.
  const routes: RouteOptions[] = [];
  app.addHook('onRoute', (routeOptions) => {
    routes.push(routeOptions);
  });
  // Before any route: the plugin attaches itself to each route as it is added.
  await installCompression(app);
  const tokens = new TokenService(options.jwtSecret);
  const memory = await CatalogueMemory.load(options.db);
  const metrics = options.metrics ?? new Metrics();
  const errors = options.errors ?? createErrorTracker({ dsn: undefined, release: '', environment: '' });
  const engine = new Engine(memory, (seconds) => metrics.rankingQueries.observe(seconds));
  engine.refresh();
  const infrastructure = new Map<number, Promise<InfraPoint[]>>();
  const queue = options.queue ?? new InProcessQueue((m) => app.log.warn(m));
  queue.observe((job, outcome, seconds) => metrics.jobs.observe({ job, outcome }, seconds));
  // A job's failure is ours to fix only once no retry follows (a refund, a cancel at a provider, a bot's send).
  queue.observeFailures((job, error) => errors.capture(error, { job }));
  // The bot is read when a Stars invoice is made, after the context exists.
  // Development tools (server/dev/) and the demo catalogue (server/demo/) are loaded only when their settings are on.
  const dev = options.env !== 'production' ? await import('./dev') : null;
  const standIn = dev && options.telegram.standIn ? dev : null;
  const payments = createPayments(options.payments ?? {}, standIn?.cardStandIn(app) ?? null, () => ctx.bot);
  const limitStore = options.limits ?? new MemoryLimitStore();
  const limiters = new AppLimiters(limitStore, options.rateLimits);
  const ctx: AppContext = {
    operator: options.operator ?? NO_OPERATOR,
    db: options.db,
    tokens,
    memory,
    engine,
    cities: await loadCityFacts(options.db, memory),
    infrastructureOf(cityId) {
      if (!infrastructure.has(cityId)) infrastructure.set(cityId, loadInfrastructure(options.db, cityId));
      return infrastructure.get(cityId)!;
    },
    telegram: options.telegram,
    bot: measuredBot(options.bot ?? (await offlineBot(options)), metrics),
    miniAppUrl: `${options.publicUrl ?? ''}/tma/`,
    env: options.env ?? 'development',
    startedAt: Date.now(),
    now: () => new Date(),
    liraMatcher: { wake: () => undefined },
    payments: payments.payments,
    redemptionMarker: new RedemptionMarker(options.jwtSecret),
    queue,
    mediaDir: options.mediaDir ?? join(tmpdir(), `kvarta-media-${process.pid}`),
    liraSendLeaseSeconds: options.liraSendLeaseSeconds,
    bus: options.bus ?? new LocalEventBus(),
    limits: limitStore,
    role: options.role ?? 'all',
    accepting: true,
    metrics,
  };
  ctx.bot.setStarsHandlers(starsHandlers(ctx, ctx.payments.prices, { warn: (m) => app.log.warn(m) }));
  attachEventBus(options.db, ctx.bus);
  // Shutdown: readiness says 503 at once, and open streams end with a reconnect hint before the listener closes.
  app.addHook('preClose', async () => {
    ctx.accepting = false;
    closeBindingStreams(options.db);
  });
  const stopFollowing = followOtherInstances(ctx, (m) => app.log.warn(m));
  app.addHook('onClose', async () => stopFollowing());
  installErrorHandling(app, (error, request) =>
    errors.capture(error, { route: request.routeOptions.url ?? 'unmatched', method: request.method, userId: requestUserId(request) }),
  );
  app.decorate('routeAuth', createAuthenticator(options.db, tokens, limiters));
  app.decorate('checkResponses', options.checkResponses === true && ctx.env !== 'production');
  app.decorate('contractRoutes', new Set<EndpointName>());
  app.decorate('adminToken', options.adminToken ?? null);
  const adminTries = { before: (ip: string) => limiters.adminTriesLeft(ip), wrong: (ip: string) => limiters.wrongAdminToken(ip) };
  app.decorate('adminTries', adminTries);
  const frontEnds = options.frontEnds ?? { web: 'dist/web', miniapp: 'dist/miniapp' };
  await installHardening(app, {
    limits,
    frontEnds,
    publicUrl: options.publicUrl,
    contentProviders: options.contentProviders,
    connectOrigins: options.connectOrigins,
    devToolsRemote: options.devToolsRemote ?? false,
    botToken: options.telegram.botToken,
    devPages: dev?.DEV_PAGES ?? null,
  });
  installMetrics(app, {
    metrics,
    queue,
    token: options.metricsToken ?? null,
    isReady: () => ctx.accepting,
    tries: adminTries,
  });
  const canonicalUrl = options.canonicalUrl === undefined ? options.publicUrl : (options.canonicalUrl ?? undefined);
  await app.register(
    async (api) => {
      initRoutes(api, ctx);
      cabinetRoutes(api, ctx);
      catalogRoutes(api, ctx);
      selectionRoutes(api, ctx);
      favouriteRoutes(api, ctx, limiters);
      liraRoutes(api, ctx);
      subscriptionRoutes(api, ctx, limiters);
      contentRoutes(api, ctx);
      mediaRoutes(api, ctx);
      adminRoutes(api, ctx);
      mortgageRoutes(api, ctx);
      searchRoutes(api, ctx);
      shareRoutes(api, ctx, limiters, createOriginResolver(canonicalUrl));
      serviceMediaRoutes(api);
      await apiDocsRoutes(api);
      await vitalsRoutes(api, metrics, options.vitalsLimit);
    },
    { prefix: '/api' },
  );
  await app.register(async (passport) => passportRoutes(passport, ctx, limiters), { prefix: '/passport' });
  await cloudPaymentsNotificationRoutes(app, ctx, { devToolsRemote: options.devToolsRemote ?? false });
  payments.registerFakes();
  // Call-back requests: stored first, then sent to the managers' chat; undelivered ones are retried by a job.
  const callbacks = new CallbackService({
    db: options.db,
    bot: () => ctx.bot,
    managersChatId: options.telegram.managersChatId,
    log: { warn: (m) => app.log.warn(m), error: (m) => app.log.error(m) },
    limits: ctx.limits,
    ...options.callbacks,
  });
  await defineJobs(ctx, queue, callbacks, { ...DEFAULT_JOBS_CONFIG, ...options.jobs }, (m) => app.log.info(m));
  if (options.demoCatalogue !== false) await (await import('./demo')).defineMarketJob(ctx, queue, (m) => app.log.info(m));
  await app.register(async (botApi) => callbackRoutes(botApi, ctx, callbacks), { prefix: '/bot-api' });
  if (dev) await app.register(dev.devToolsPlugin, { ctx, callbacks, queue });
  docsRoutes(app);
  const seo = await createSeo(ctx, { publicUrl: canonicalUrl, sitemapPageSize: options.sitemapPageSize });
  const renderLimits = options.renderLimits ?? scaledRenderLimits(1);
  seoRoutes(app, seo, renderLimits.previews);
  assertContractImplemented(app);
  const ssrEntry = frontEnds.server ? await loadSsrEntry(frontEnds.server) : null;
  await installFrontEnds(
    app,
    frontEnds,
    seo,
    ssrEntry ? createPageRenderer(app, ssrEntry, createPageRenders(ctx.memory, createRenderGate(renderLimits.pages))) : undefined,
    options.clientConfig,
    renderLimits.documents,
  );
  return { app, ctx, routes, queue, callbacks };
}
