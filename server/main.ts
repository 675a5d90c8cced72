import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { prepareDatabase } from './bootstrap';
import { loadConfig } from './config';
import { apiOrigins, configuredProviders } from './http/content-providers';
import { socketLimitsBehind } from './http/trust-proxy';
import { openDatabase } from './db/connection';
import { DataDirLockedError, acquireDataDirLock } from './db/lock';
import { startMarket } from './jobs/market';
import { startCleanup } from './jobs/cleanup';
import { scaledRateLimits } from './http/app-limits';
import { startLiraAgent } from './jobs/lira-agent';
import { botCallbackHandler } from './bot/callbacks';
import { signOutEverywhere } from './bot/sign-in';
import { TelegramBot } from './bot/telegram';
import { handleStart } from './bot/start';
import { resolveJwtSecret } from './auth/jwt-secret';
import type { AppContext } from './context';

const root = fileURLToPath(new URL('..', import.meta.url));

async function main(): Promise<void> {
  const started = performance.now();
  const config = loadConfig();
  // Only the embedded database lives in the folder; PostgreSQL handles its own concurrency.
  const releaseLock = config.databaseUrl ? () => undefined : acquireDataDirLock(config.dataDir);
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.databaseUrl ? undefined : config.dataDir });
  const prepared = await prepareDatabase(db, { catalogueSize: config.catalogueSize, demoPromocodes: config.env !== 'production' });
  const jwtSecret = await resolveJwtSecret(db, config.jwtSecret, config.legacyJwtSecretFile);
  // The live bot answers /start through the same handler as the stand-in; it needs the context, built next.
  let ctxRef: AppContext | undefined;
  const publicUrl = config.publicUrl ?? `http://localhost:${config.port}`;
  const liveBot =
    config.telegram.mode === 'live'
      ? new TelegramBot({
          token: config.telegram.botToken,
          username: config.telegram.botUsername,
          miniAppUrl: `${publicUrl}/tma/`,
          publicUrl: config.publicUrl,
          webhookSecret: config.telegram.webhookSecret,
          onStart: (token, user) => handleStart(ctxRef!, token, user),
          onCallback: (data, from) => botCallbackHandler(ctxRef!)(data, from),
          onLogout: (user) => signOutEverywhere(ctxRef!, user.id),
        })
      : undefined;
  const { app, ctx } = await buildApp({
    db,
    jwtSecret,
    env: config.env,
    logLevel: config.logLevel,
    frontEnds: { web: `${root}dist/web`, miniapp: `${root}dist/miniapp`, server: `${root}dist/server` },
    telegram: config.telegram,
    bot: liveBot,
    publicUrl,
    // Pages and sitemaps name PUBLIC_URL only when it is really configured, the request's own host otherwise.
    canonicalUrl: config.publicUrl ?? null,
    paymentsSandbox: config.paymentsSandbox,
    trustProxy: config.trustProxy,
    devToolsRemote: config.devToolsRemote,
    rateLimits: scaledRateLimits(config.rateLimitScale),
    // The same VITE_* variables the build read: the CSP allows a provider's origins only when it is configured.
    contentProviders: configuredProviders(process.env),
    connectOrigins: apiOrigins(process.env),
    connectionLimits: socketLimitsBehind(config.trustProxy, config.connectionLimits),
  });
  ctxRef = ctx;
  if (liveBot && config.publicUrl) liveBot.registerWebhook(app);
  const agent = startLiraAgent(ctx, {
    everySeconds: config.liraAgentSeconds,
    batchEveryMinutes: config.liraBatchMinutes,
    firstBatchDelayMs: config.liraFirstBatchDelayMs,
    log: (m) => app.log.info(m),
  });
  const stopMarket = startMarket({
    db,
    memory: ctx.memory,
    engine: ctx.engine,
    everyMinutes: config.marketTickMinutes,
    log: (m) => app.log.info(m),
    onTick: (changes) => agent.onMarketTick(changes),
  });
  // Stale anonymous users and old bindings, hourly (server/jobs/cleanup.ts).
  const stopCleanup = startCleanup({ db, log: (m) => app.log.info(m) });
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal}: остановка сервера`);
    stopMarket();
    stopCleanup();
    agent.stop();
    await ctx.bot.stop().catch(() => undefined);
    await app.close().catch(() => undefined);
    await db.close().catch(() => undefined);
    releaseLock();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('exit', releaseLock);
  await app.listen({ port: config.port, host: config.host });
  await ctx.bot.start().catch((error: unknown) => app.log.error({ err: error }, 'бот Telegram не запустился'));
  const shown = config.host === '0.0.0.0' ? 'localhost' : config.host;
  console.log(
    `«Кварта» работает: http://${shown}:${config.port}/ (Mini App: /tma/) · база ${db.kind}` +
      ` · каталог ${prepared.apartments} квартир${prepared.catalogueBuilt ? ` собран за ${(prepared.ms / 1000).toFixed(1)} с` : ''}` +
      ` · старт ${((performance.now() - started) / 1000).toFixed(1)} с` +
      (config.telegram.standIn
        ? ` · Telegram офлайн: ${publicUrl}/dev/telegram`
        : config.telegram.mode === 'live'
          ? ` · бот @${config.telegram.botUsername}`
          : ''),
  );
}

main().catch((error: unknown) => {
  if (error instanceof DataDirLockedError) {
    console.error(error.message);
  } else {
    console.error('Сервер не запустился:', error instanceof Error ? error.message : error);
  }
  process.exit(1);
});
