import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { prepareDatabase } from './bootstrap';
import { loadConfig, type ServerConfig } from './config';
import { apiOrigins, configuredProviders } from './http/content-providers';
import { browserErrorTracking, clientConfigFromEnv } from './http/client-config';
import { socketLimitsBehind } from './http/trust-proxy';
import { openDatabase, type Database } from './db/connection';
import { DataDirLockedError, acquireDataDirLock } from './db/lock';
import { scaledRateLimits } from './http/app-limits';
import { scaledRenderLimits } from './http/render-gate';
import { botCallbackHandler } from './bot/callbacks';
import { handleCommand } from './bot/commands';
import { signOutEverywhere } from './bot/sign-in';
import { TelegramBot } from './bot/telegram';
import { handleStart } from './bot/start';
import { resolveJwtSecret } from './auth/jwt-secret';
import { markEarlierRedemptions } from './subscription/redemption-marker';
import { LocalEventBus, type EventBus } from './infra/event-bus';
import { PgEventBus } from './infra/pg-event-bus';
import { Metrics } from './infra/metrics';
import { createErrorTracker } from './infra/error-tracker';
import { InProcessQueue } from './infra/in-process-queue';
import type { JobQueue } from './infra/job-queue';
import { PgBossQueue } from './infra/pg-boss-queue';
import { MemoryLimitStore, PgLimitStore, type LimitStore } from './infra/limits';
import { FEED_JOBS, periodicJobs, startSchedule, type JobsConfig } from './jobs';
import { projectPath } from './project-root';

/** What instances share: on PostgreSQL the bus, the queue and the limits live in the database; on PGlite in this process. */
async function sharedWorld(
  db: Database,
  config: ServerConfig,
  log: (message: string) => void,
  metrics: Metrics,
): Promise<{ bus: EventBus; queue: JobQueue; limits: LimitStore }> {
  if (!config.databaseUrl) return { bus: new LocalEventBus(), queue: new InProcessQueue(log), limits: new MemoryLimitStore() };
  const bus = await PgEventBus.connect({
    url: config.databaseUrl,
    notify: (channel, payload) => db.query('SELECT pg_notify($1, $2)', [channel, payload]),
    log,
  });
  bus.onReconnect(() => metrics.eventBusReconnects.inc());
  const queue = await PgBossQueue.start({ url: config.databaseUrl, log });
  return { bus, queue, limits: new PgLimitStore(db) };
}

function jobsConfig(config: ServerConfig): JobsConfig {
  return {
    liraMatcherSeconds: config.liraMatcherSeconds,
    liraBatchMinutes: config.liraBatchMinutes,
    liraFirstBatchDelayMs: config.liraFirstBatchDelayMs,
    marketTickMinutes: config.marketTickMinutes,
    callbackRetrySeconds: 60,
    providerRetrySeconds: 60,
    feeds: {
      locations: config.catalogue.feeds ? config.feeds.locations : [],
      everySeconds: Math.round(config.feeds.everyHours * 3_600),
      // Feed photo URLs are third-party input: only a developer's machine may fetch them from its own network.
      allowPrivateHosts: config.env !== 'production',
    },
  };
}

async function main(): Promise<void> {
  const started = performance.now();
  const config = loadConfig();
  const metrics = new Metrics();
  const errors = createErrorTracker({ dsn: config.errorTracking.dsn, release: config.errorTracking.release, environment: config.env });
  const browserErrors = browserErrorTracking({
    dsn: config.errorTracking.browserDsn,
    release: config.errorTracking.release,
    environment: config.env,
  });
  const runsJobs = config.role !== 'web';
  // Only the embedded database lives in the folder; PostgreSQL handles its own concurrency.
  const releaseLock = config.databaseUrl ? () => undefined : acquireDataDirLock(config.dataDir);
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.databaseUrl ? undefined : config.dataDir });
  // Instances starting together take turns: the first migrates, builds the catalogue, installs the job queue's
  // tables and declares its queues; the others find it all done (concurrent DDL would deadlock).
  const { prepared, jwtSecret, shared } = await db.exclusively('kvarta:startup', async () => ({
    prepared: await prepareDatabase(db, {
      catalogueSize: config.catalogueSize,
      demoPromocodes: config.env !== 'production',
      demoCatalogue: config.catalogue.demo,
    }),
    jwtSecret: await resolveJwtSecret(db, config.jwtSecret, config.legacyJwtSecretFile),
    shared: await sharedWorld(db, config, (m) => console.warn(m), metrics),
  }));
  // The live bot answers /start through the same handler as the stand-in; it needs the app, built next.
  let appRef: FastifyInstance | undefined;
  const publicUrl = config.publicUrl ?? `http://localhost:${config.port}`;
  const liveBot =
    config.telegram.mode === 'live'
      ? new TelegramBot({
          token: config.telegram.botToken,
          username: config.telegram.botUsername,
          miniAppUrl: `${publicUrl}/tma/`,
          publicUrl: config.publicUrl,
          webhookSecret: config.telegram.webhookSecret,
          onStart: (token, user) => handleStart(appRef!, token, user),
          onCallback: (data, from, message) => botCallbackHandler(appRef!)(data, from, message),
          onLogout: (user) => signOutEverywhere(appRef!, user.id),
          onCommand: (command, user) => handleCommand(appRef!, command, user),
        })
      : undefined;
  const { app } = await db.exclusively('kvarta:startup', () =>
    buildApp({
      db,
      jwtSecret,
      role: config.role,
      ...shared,
      jobs: jobsConfig(config),
      liraSendLeaseSeconds: config.liraSendLeaseSeconds,
      mediaDir: config.mediaDir,
      adminToken: config.adminToken,
      metricsToken: config.metricsToken,
      metrics,
      errors,
      offlineSendDelayMs: config.offlineSendDelayMs,
      demoCatalogue: config.catalogue.demo,
      env: config.env,
      logLevel: config.logLevel,
      frontEnds: { web: projectPath('dist/web'), miniapp: projectPath('dist/miniapp'), server: projectPath('dist/server') },
      telegram: config.telegram,
      bot: liveBot,
      publicUrl,
      // Pages and sitemaps name PUBLIC_URL only when it is really configured, the request's own host otherwise.
      canonicalUrl: config.publicUrl ?? null,
      payments: config.payments,
      trustProxy: config.trustProxy,
      devToolsRemote: config.devToolsRemote,
      rateLimits: scaledRateLimits(config.rateLimitScale),
      renderLimits: scaledRenderLimits(config.rateLimitScale),
      // The same VITE_* variables the build read: the CSP allows a provider's origins only when it is configured.
      contentProviders: configuredProviders(process.env),
      clientConfig: { ...clientConfigFromEnv(process.env), ...browserErrors.config },
      operator: config.operator,
      connectOrigins: [...apiOrigins(process.env), ...browserErrors.connectOrigins],
      connectionLimits: socketLimitsBehind(config.trustProxy, config.connectionLimits),
    }),
  );
  appRef = app;
  // Telegram's updates: by webhook on any web instance when the server has a public address, else long polling
  // in exactly one place (the worker; ROLE=all is its own worker).
  if (liveBot && config.publicUrl && config.role !== 'worker') liveBot.registerWebhook(app);
  let stopSchedule = () => undefined as void;
  if (runsJobs) {
    // Redemptions made before the marks existed, or marked under a JWT_SECRET since replaced (redemption-marker.ts).
    await markEarlierRedemptions(db, app.redemptionMarker, new Date());
    await shared.queue.work();
    stopSchedule = startSchedule(shared.queue, periodicJobs(jobsConfig(config)), (m) => app.log.warn(m));
    // The schedule's first run comes half a period later: feeds are imported at once on start.
    if (jobsConfig(config).feeds.locations.length > 0) await shared.queue.send(FEED_JOBS.sync, {}, { singletonKey: FEED_JOBS.sync });
  }
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal}: остановка (${config.role}), жду текущие запросы и задачи`);
    const force = setTimeout(() => process.exit(1), config.shutdownTimeoutMs + 5_000);
    force.unref();
    stopSchedule();
    // Readiness answers 503 and streams end with a reconnect hint (preClose), then in-flight requests finish.
    await app.close().catch(() => undefined);
    await shared.queue.stop(config.shutdownTimeoutMs).catch(() => undefined);
    await app.bot.stop().catch(() => undefined);
    await shared.bus.close().catch(() => undefined);
    await db.close().catch(() => undefined);
    await errors.flush();
    releaseLock();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('exit', releaseLock);
  await app.listen({ port: config.port, host: config.host });
  if (runsJobs) await app.bot.start().catch((error: unknown) => app.log.error({ err: error }, 'бот Telegram не запустился'));
  const shown = config.host === '0.0.0.0' ? 'localhost' : config.host;
  console.log(
    `«Кварта» работает: http://${shown}:${config.port}/ (Mini App: /tma/) · роль ${config.role} · база ${db.kind}` +
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
