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
import { cabinetRoutes } from './routes/cabinet';
import { catalogRoutes } from './routes/catalog';
import { devTelegramRoutes } from './routes/dev-telegram';
import { docsRoutes } from './routes/docs';
import { contentRoutes } from './routes/content';
import { initRoutes } from './routes/init';
import { mediaRoutes } from './routes/media';
import { selectionRoutes } from './routes/selection';
import { passportRoutes } from './routes/passport';

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
}

/** The whole HTTP surface: /api, /passport, /bot-api, the website at / and the Mini App at /tma/. */
export async function buildApp(options: BuildAppOptions): Promise<{ app: FastifyInstance; ctx: AppContext }> {
  const app = Fastify({
    logger: { level: options.logLevel ?? 'info' },
    bodyLimit: 1024 * 1024,
    // Route params are validated by the contract; keep Fastify from rejecting long ids first.
    routerOptions: { maxParamLength: 500 },
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
  };
  installErrorHandling(app);
  await app.register(
    async (api) => {
      initRoutes(api, ctx);
      cabinetRoutes(api, ctx);
      catalogRoutes(api, ctx);
      selectionRoutes(api, ctx);
      contentRoutes(api);
      mediaRoutes(api, ctx);
    },
    { prefix: '/api' },
  );
  await app.register(async (passport) => passportRoutes(passport, ctx), { prefix: '/passport' });
  await app.register(async () => undefined, { prefix: '/bot-api' });
  devTelegramRoutes(app, ctx);
  docsRoutes(app);
  await installFrontEnds(app, options.frontEnds ?? { web: 'dist/web', miniapp: 'dist/miniapp' }, createPageMeta(ctx));
  return { app, ctx };
}
