import Fastify, { type FastifyInstance } from 'fastify';
import { createAuthenticator } from './auth/session';
import { TokenService } from './auth/tokens';
import type { BotGateway } from './bot/gateway';
import { OfflineBot } from './bot/offline';
import type { ServerConfig, TelegramConfig } from './config';
import { loadCityFacts } from './catalog/city-facts';
import { loadInfrastructure } from './catalog/complex-queries';
import type { InfraPoint } from './catalog/generator';
import { CatalogueMemory } from './catalog/memory';
import type { AppContext } from './context';
import type { Database } from './db/connection';
import { installErrorHandling } from './http/envelope';
import { createPageMeta } from './http/page-meta';
import { installFrontEnds, type FrontEnds } from './http/spa';
import { Engine } from './ranking/engine';
import { CallbackService, type CallbackServiceOptions } from './callback';
import { cabinetRoutes } from './routes/cabinet';
import { callbackRoutes } from './routes/callback';
import { catalogRoutes } from './routes/catalog';
import { devTelegramRoutes } from './routes/dev-telegram';
import { docsRoutes } from './routes/docs';
import { contentRoutes } from './routes/content';
import { initRoutes } from './routes/init';
import { mediaRoutes } from './routes/media';
import { selectionRoutes } from './routes/selection';
import { serviceMediaRoutes } from './routes/service-media';
import { passportRoutes } from './routes/passport';
import { liraRoutes } from './routes/lira';
import { subscriptionRoutes, sandboxPaymentRoutes } from './routes/subscription';
import { SandboxPaymentProvider, type PaymentProvider } from './subscription/payments';

export interface BuildAppOptions {
  db: Database;
  jwtSecret: Uint8Array;
  env?: ServerConfig['env'];
  logLevel?: string;
  /** Built front ends; a missing folder serves a short "not built" page. */
  frontEnds?: FrontEnds;
  telegram: TelegramConfig;
  /** The real bot when configured; the offline stand-in otherwise. */
  bot?: BotGateway;
  /** Public origin, for links the bot sends (the Mini App URL). */
  publicUrl?: string;
  /**
   * The payment provider. By default the sandbox page, but only with the offline Telegram stand-in
   * (a local or test run) or when `paymentsSandbox` asks for it; otherwise none (paid periods answer 503).
   */
  payments?: PaymentProvider | null;
  /** PAYMENTS_SANDBOX=1. */
  paymentsSandbox?: boolean;
  /** TRUST_PROXY=1: client addresses from X-Forwarded-For (per-IP limits behind a proxy). */
  trustProxy?: boolean;
  /** Call-back requests; tests pass limits and timings of their own. */
  callbacks?: Partial<Pick<CallbackServiceOptions, 'perClient' | 'perIp' | 'maxAttempts' | 'deliveryWaitMs'>> & { retryEveryMs?: number };
}

/** The whole HTTP surface: /api, /passport, /bot-api, the website at / and the Mini App at /tma/. */
export async function buildApp(options: BuildAppOptions): Promise<{ app: FastifyInstance; ctx: AppContext }> {
  const app = Fastify({
    logger: { level: options.logLevel ?? 'info' },
    bodyLimit: 1024 * 1024,
    // Route params are validated by the contract; keep Fastify from rejecting long ids first.
    routerOptions: { maxParamLength: 500 },
    trustProxy: options.trustProxy ?? false,
  });
  const tokens = new TokenService(options.jwtSecret);
  const memory = await CatalogueMemory.load(options.db);
  const engine = new Engine(memory);
  engine.refresh();
  const infrastructure = new Map<number, Promise<InfraPoint[]>>();
  const ctx: AppContext = {
    db: options.db,
    tokens,
    auth: createAuthenticator(options.db, tokens),
    memory,
    engine,
    cities: await loadCityFacts(options.db, memory),
    infrastructureOf(cityId) {
      if (!infrastructure.has(cityId)) infrastructure.set(cityId, loadInfrastructure(options.db, cityId));
      return infrastructure.get(cityId)!;
    },
    telegram: options.telegram,
    bot: options.bot ?? new OfflineBot(''),
    miniAppUrl: `${options.publicUrl ?? ''}/tma/`,
    env: options.env ?? 'development',
    startedAt: Date.now(),
    now: () => new Date(),
    liraAgent: { wake: () => undefined },
    payments: options.payments !== undefined ? options.payments : options.telegram.standIn || options.paymentsSandbox ? new SandboxPaymentProvider() : null,
  };
  installErrorHandling(app);
  await app.register(
    async (api) => {
      initRoutes(api, ctx);
      cabinetRoutes(api, ctx);
      catalogRoutes(api, ctx);
      selectionRoutes(api, ctx);
      liraRoutes(api, ctx);
      subscriptionRoutes(api, ctx);
      contentRoutes(api);
      mediaRoutes(api, ctx);
      serviceMediaRoutes(api);
    },
    { prefix: '/api' },
  );
  await app.register(async (passport) => passportRoutes(passport, ctx), { prefix: '/passport' });
  sandboxPaymentRoutes(app, ctx);
  // Call-back requests: stored first, then sent to the managers' chat; undelivered ones are retried.
  const callbacks = new CallbackService({
    db: options.db,
    bot: () => ctx.bot,
    managersChatId: options.telegram.managersChatId,
    log: { warn: (m) => app.log.warn(m), error: (m) => app.log.error(m) },
    ...options.callbacks,
  });
  const stopRetries = callbacks.startRetries(options.callbacks?.retryEveryMs ?? 60_000);
  app.addHook('onClose', async () => stopRetries());
  await app.register(async (botApi) => callbackRoutes(botApi, ctx, callbacks), { prefix: '/bot-api' });
  devTelegramRoutes(app, ctx, callbacks);
  docsRoutes(app);
  await installFrontEnds(app, options.frontEnds ?? { web: 'dist/web', miniapp: 'dist/miniapp' }, createPageMeta(ctx));
  return { app, ctx };
}
