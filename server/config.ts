import { createHmac } from 'node:crypto';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { DEV_BOT_TOKEN, DEV_BOT_USERNAME } from './auth/dev-bot';
import { parseTrustProxy, type TrustProxy } from './http/trust-proxy';
import { DEFAULT_RECEIPT, type ReceiptSettings } from './subscription/cloudpayments/provider';
import { DEFAULT_PLANS, parsePlans, type Plan } from './subscription/price-list';
import { operatorFromEnv, operatorProblems } from './content/operator';
import { databasePassword, SECRET_GENERATOR, secretWeakness } from './secret-strength';
import type { OperatorInfo } from '@kvarta/contract/operator';
import type { TelegramConfig } from './infra/bot-gateway';

const FLAG = z.enum(['0', '1', 'true', 'false']).optional();
const isOn = (flag: string | undefined) => flag === '1' || flag === 'true';

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(8080),
  ROLE: z.enum(['all', 'web', 'worker'], { message: 'ROLE: all, web или worker' }).default('all'),
  LIRA_SEND_LEASE_SECONDS: z.coerce.number().int().min(1).max(3_600).default(60),
  TELEGRAM_OFFLINE_SEND_DELAY_MS: z.coerce.number().int().min(0).max(10_000).default(0),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(120_000).default(10_000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('.data'),
  MEDIA_DIR: z.string().min(1).optional(),
  DATABASE_URL: z.string().url('DATABASE_URL: ожидается строка подключения postgres://…').optional(),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET: нужно не меньше 32 байт').optional(),
  PUBLIC_URL: z.string().url('PUBLIC_URL: ожидается адрес вида https://example.ru').optional(),
  CATALOGUE_SIZE: z.coerce.number().int().min(100).max(2_000_000).default(50_000),
  CATALOGUE: z
    .string()
    .regex(/^(demo|feeds)(,(demo|feeds))?$/, 'CATALOGUE: demo, feeds или demo,feeds')
    .default('demo'),
  /** 1: production may show the generated demo catalogue (a demonstration stand, marked «Демо»). */
  DEMO_CATALOGUE_PUBLIC: FLAG,
  FEED_URLS: z.string().optional(),
  FEED_HOURS: z.coerce.number().min(0.05).max(720).default(6),
  ADMIN_TOKEN: z.string().min(24, 'ADMIN_TOKEN: не короче 24 символов').optional(),
  METRICS_TOKEN: z.string().min(24, 'METRICS_TOKEN: не короче 24 символов').optional(),
  SENTRY_DSN: z.string().url('SENTRY_DSN: ожидается DSN вида https://ключ@sentry.example.ru/1').optional(),
  SENTRY_BROWSER_DSN: z.string().url('SENTRY_BROWSER_DSN: ожидается DSN вида https://ключ@sentry.example.ru/2').optional(),
  SENTRY_RELEASE: z.string().min(1).max(200).optional(),
  MARKET_TICK_MINUTES: z.coerce.number().min(0).max(1440).optional(),
  LIRA_AGENT_SECONDS: z.coerce.number().min(0).max(86_400).default(20),
  LIRA_BATCH_MINUTES: z.coerce.number().min(0).max(10_080).default(60),
  LIRA_FIRST_BATCH_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(2_000),
  TELEGRAM_BOT_TOKEN: z
    .string()
    .regex(/^\d+:[A-Za-z0-9_-]{20,}$/, 'TELEGRAM_BOT_TOKEN: ожидается токен вида 123456:ABC…')
    .optional(),
  TELEGRAM_BOT_USERNAME: z
    .string()
    .regex(/^[A-Za-z0-9_]{3,64}$/)
    .optional(),
  TELEGRAM_OFFLINE: z.enum(['0', '1', 'true', 'false']).optional(),
  TELEGRAM_WEBHOOK_SECRET: z
    .string()
    .regex(/^[A-Za-z0-9_-]{16,256}$/, 'TELEGRAM_WEBHOOK_SECRET: 16–256 символов A-Z, a-z, 0-9, _ и -')
    .optional(),
  CLOUDPAYMENTS_PUBLIC_ID: z
    .string()
    .regex(/^[A-Za-z0-9_]{4,100}$/, 'CLOUDPAYMENTS_PUBLIC_ID: Public ID сайта из кабинета CloudPayments (pk_…)')
    .optional(),
  CLOUDPAYMENTS_API_SECRET: z.string().min(8, 'CLOUDPAYMENTS_API_SECRET: пароль для API из кабинета CloudPayments').optional(),
  CLOUDPAYMENTS_API_URL: z.string().url().default('https://api.cloudpayments.ru'),
  CLOUDPAYMENTS_TAXATION_SYSTEM: z.coerce.number().int().min(0).max(5).default(DEFAULT_RECEIPT.taxationSystem),
  CLOUDPAYMENTS_VAT: z
    .enum(['none', '0', '5', '7', '10', '20', '22'], { message: 'CLOUDPAYMENTS_VAT: none, 0, 5, 7, 10, 20 или 22' })
    .default('none'),
  SUBSCRIPTION_PRICES: z.string().optional(),
  DEV_TOOLS_REMOTE: FLAG,
  TRUST_PROXY: z.string().optional(),
  RATE_LIMIT_SCALE: z.coerce.number().min(0.01).max(10_000).optional(),
  TELEGRAM_MANAGERS_CHAT_ID: z
    .string()
    .regex(/^-?\d{1,16}$/, 'TELEGRAM_MANAGERS_CHAT_ID: ожидается id чата Telegram, например -1001234567890')
    .optional(),
  // Slow clients (server/http/connection-limits.ts): sockets per address (0 = no cap) and the time to send one request.
  MAX_CONNECTIONS_PER_IP: z.coerce.number().int().min(0).max(100_000).default(64),
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1_000, 'REQUEST_TIMEOUT_MS: не меньше 1000').max(600_000).default(30_000),
});

export interface ServerConfig {
  /** all: one process does everything; web: HTTP only (any number); worker: jobs and the bot's updates. */
  role: 'all' | 'web' | 'worker';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  env: 'development' | 'production' | 'test';
  logLevel: string;
  /** JWT_SECRET; without it (never in production) the secret kept in the database is used, shared by every instance. */
  jwtSecret: Uint8Array | undefined;
  /** The pre-database secret file of older versions, adopted into the database once so sessions survive the upgrade. */
  legacyJwtSecretFile: string;
  publicUrl: string | undefined;
  catalogueSize: number;
  /** CATALOGUE: the generated demo listings, listings imported from feeds, or both. */
  catalogue: { demo: boolean; feeds: boolean };
  /** LEGAL_*, SUPPORT_* and MARKETING_FIGURES: who runs the service, as the pages and the bot name it. */
  operator: OperatorInfo;
  /** FEED_URLS (files or http(s) URLs, comma-separated) imported every FEED_HOURS by a job, when CATALOGUE has feeds. */
  feeds: { locations: string[]; everyHours: number };
  /**
   * MEDIA_DIR (default <DATA_DIR>/media): feed photos, resized. The worker writes them and every web instance
   * serves them, so with separate roles it is one folder all of them mount (compose.yaml's `media` volume).
   */
  mediaDir: string;
  /** ADMIN_TOKEN: the operator's bearer token for /api/admin/*; null turns those routes off. */
  adminToken: string | null;
  /** METRICS_TOKEN: the scraper's bearer token for /metrics; null keeps /metrics closed (404). */
  metricsToken: string | null;
  /**
   * SENTRY_DSN (Sentry or GlitchTip) and the release errors are filed under; SENTRY_BROWSER_DSN (default SENTRY_DSN)
   * for the pages' errors. No DSN, nothing sent.
   */
  errorTracking: { dsn: string | undefined; release: string; browserDsn: string | undefined };
  /** Minutes between market ticks (new and sold listings); 0 turns it off. Off in tests by default. */
  marketTickMinutes: number;
  /** Seconds between the AI-search agent's rounds (0 = only wake-ups and market ticks). */
  liraMatcherSeconds: number;
  /** Minutes between periodic batches of one running profile. */
  liraBatchMinutes: number;
  /** Milliseconds from START to the first batch. */
  liraFirstBatchDelayMs: number;
  /** Seconds a worker may hold one user's Telegram messages before another may finish them (a crashed worker). */
  liraSendLeaseSeconds: number;
  /** The offline stand-in pretends each message takes this long (crash tests of a batch). */
  offlineSendDelayMs: number;
  /** How long a stopping process waits for requests and jobs in flight. */
  shutdownTimeoutMs: number;
  telegram: TelegramConfig;
  payments: PaymentsConfig;
  /** Which X-Forwarded-For hops to believe (per-IP limits, logs); false: the socket's address. */
  trustProxy: TrustProxy;
  /** DEV_TOOLS_REMOTE=1: the stand-in and the sandbox answer other machines too (closed networks only). */
  devToolsRemote: boolean;
  /** Multiplies the per-IP/per-user limits of server/http/app-limits.ts; 100 in tests (the e2e browsers share 127.0.0.1). */
  rateLimitScale: number;
  /** MAX_CONNECTIONS_PER_IP and REQUEST_TIMEOUT_MS: the listener's per-address socket cap and request timeout. */
  connectionLimits: { maxConnectionsPerIp: number; requestTimeoutMs: number };
}

export interface PaymentsConfig {
  /** SUBSCRIPTION_PRICES: periods, roubles and Stars. */
  plans: Plan[];
  /** CLOUDPAYMENTS_PUBLIC_ID and CLOUDPAYMENTS_API_SECRET; null: no real card payments (the stand-in has a fake). */
  cloudPayments: { publicId: string; apiSecret: string; apiUrl: string } | null;
  receipt: ReceiptSettings;
}

export type { TelegramConfig };

/**
 * Outside production a live bot without TELEGRAM_WEBHOOK_SECRET still never takes unsigned updates: the secret is
 * derived from the bot token, which every instance has (so all of them accept what setWebhook registered) and which
 * nobody who could forge an update knows.
 */
export function derivedWebhookSecret(botToken: string): string {
  return createHmac('sha256', botToken).update('kvarta telegram webhook secret').digest('base64url');
}

function telegramConfig(e: z.infer<typeof envSchema>): TelegramConfig {
  const live = Boolean(e.TELEGRAM_BOT_TOKEN) && !isOn(e.TELEGRAM_OFFLINE);
  return {
    botToken: e.TELEGRAM_BOT_TOKEN ?? DEV_BOT_TOKEN,
    botUsername: e.TELEGRAM_BOT_USERNAME ?? DEV_BOT_USERNAME,
    mode: live ? 'live' : 'offline',
    standIn: !live && e.NODE_ENV !== 'production',
    webhookSecret: e.TELEGRAM_WEBHOOK_SECRET ?? (live ? derivedWebhookSecret(e.TELEGRAM_BOT_TOKEN!) : undefined),
    managersChatId: e.TELEGRAM_MANAGERS_CHAT_ID === undefined ? undefined : Number(e.TELEGRAM_MANAGERS_CHAT_ID),
  };
}

/**
 * What production refuses to start without: a real bot token (the public development token would
 * let anyone sign initData as any Telegram user), its own JWT secret, and no payment sandbox.
 */
function productionProblems(e: z.infer<typeof envSchema>, env: NodeJS.ProcessEnv): string[] {
  if (e.NODE_ENV !== 'production') return [];
  const problems: string[] = [...weakSecrets(e, env)];
  if (!e.TELEGRAM_BOT_TOKEN || e.TELEGRAM_BOT_TOKEN === DEV_BOT_TOKEN) {
    problems.push(
      'TELEGRAM_BOT_TOKEN: в production нужен токен настоящего бота от @BotFather (без него подписи Telegram проверялись бы публичным тестовым токеном)',
    );
  }
  if (!e.JWT_SECRET)
    problems.push('JWT_SECRET: в production задайте секрет подписи сессий (не короче 32 байт), общий для всех экземпляров сервера');
  // Updates arrive by webhook at a public address: without the secret anyone could post a forged payment or button.
  if (e.PUBLIC_URL && !e.TELEGRAM_WEBHOOK_SECRET)
    problems.push(
      'TELEGRAM_WEBHOOK_SECRET: в production с PUBLIC_URL задайте секрет вебхука бота (16–256 символов A-Z, a-z, 0-9, _ и -), общий для всех экземпляров',
    );
  if (isOn(e.DEV_TOOLS_REMOTE)) problems.push('DEV_TOOLS_REMOTE: офлайн-заглушка Telegram и тестовая оплата не работают в production');
  return problems;
}

/**
 * Secrets production refuses when set to a placeholder or something guessable: the session signing key (with it
 * anyone signs a session for any user), the webhook, operator and scraper tokens, the payment API password, and the
 * database password (POSTGRES_PASSWORD as compose passes it, or inside DATABASE_URL).
 */
function weakSecrets(e: z.infer<typeof envSchema>, env: NodeJS.ProcessEnv): string[] {
  const secrets: Record<string, string | undefined> = {
    JWT_SECRET: e.JWT_SECRET,
    TELEGRAM_WEBHOOK_SECRET: e.TELEGRAM_WEBHOOK_SECRET,
    ADMIN_TOKEN: e.ADMIN_TOKEN,
    METRICS_TOKEN: e.METRICS_TOKEN,
    CLOUDPAYMENTS_API_SECRET: e.CLOUDPAYMENTS_API_SECRET,
    POSTGRES_PASSWORD: env.POSTGRES_PASSWORD,
    DATABASE_URL: e.DATABASE_URL === undefined ? undefined : databasePassword(e.DATABASE_URL),
  };
  return Object.entries(secrets).flatMap(([name, value]) => {
    // Unset ones are either optional or refused below with their own message.
    const weakness = value === undefined ? null : secretWeakness(value);
    const what = name === 'DATABASE_URL' ? 'пароль в DATABASE_URL' : 'значение';
    return weakness ? [`${name}: ${what} не годится для production — ${weakness}; создайте новое: ${SECRET_GENERATOR}`] : [];
  });
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const parsed = envSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')));
  const trustProxy = parsed.success ? parseTrustProxy(parsed.data.TRUST_PROXY) : { ok: true as const, value: false as const };
  const problems = parsed.success
    ? productionProblems(parsed.data, env)
    : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  if (!trustProxy.ok) problems.push(`TRUST_PROXY: ${trustProxy.message}`);
  if (parsed.success && parsed.data.ROLE !== 'all' && !parsed.data.DATABASE_URL)
    problems.push(`ROLE=${parsed.data.ROLE}: отдельные роли работают только на общей базе PostgreSQL (DATABASE_URL)`);
  if (parsed.success && parsed.data.NODE_ENV === 'production') {
    // Production sells a service — every period for Stars in the Mini App, and by card where CloudPayments is set: the
    // buyer must see who sells it (the payment form, the offer, the receipt and the bot name it).
    problems.push(...operatorProblems(env));
    if (parsed.data.CATALOGUE.includes('demo') && !isOn(parsed.data.DEMO_CATALOGUE_PUBLIC))
      problems.push(
        'CATALOGUE: в production сгенерированный демо-каталог не показывают покупателям как настоящие объявления — задайте CATALOGUE=feeds или, для демонстрационного стенда, DEMO_CATALOGUE_PUBLIC=1',
      );
  }
  if (parsed.success && Boolean(parsed.data.CLOUDPAYMENTS_PUBLIC_ID) !== Boolean(parsed.data.CLOUDPAYMENTS_API_SECRET))
    problems.push('CLOUDPAYMENTS_PUBLIC_ID и CLOUDPAYMENTS_API_SECRET задаются вместе: без секрета уведомления об оплате не проверить');
  let plans: Plan[] = [...DEFAULT_PLANS];
  try {
    if (parsed.success && parsed.data.SUBSCRIPTION_PRICES) plans = parsePlans(parsed.data.SUBSCRIPTION_PRICES);
  } catch (error) {
    problems.push((error as Error).message);
  }
  if (!parsed.success || !trustProxy.ok || problems.length > 0) {
    throw new Error(`Неверная конфигурация сервера:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = resolve(e.DATA_DIR);
  return {
    role: e.ROLE,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    env: e.NODE_ENV,
    logLevel: e.LOG_LEVEL,
    jwtSecret: e.JWT_SECRET ? new TextEncoder().encode(e.JWT_SECRET) : undefined,
    legacyJwtSecretFile: join(dataDir, 'jwt-secret'),
    publicUrl: e.PUBLIC_URL,
    catalogueSize: e.CATALOGUE_SIZE,
    catalogue: { demo: e.CATALOGUE.includes('demo'), feeds: e.CATALOGUE.includes('feeds') },
    operator: operatorFromEnv(env),
    feeds: {
      locations: (e.FEED_URLS ?? '')
        .split(',')
        .map((l) => l.trim())
        .filter(Boolean),
      everyHours: e.FEED_HOURS,
    },
    mediaDir: e.MEDIA_DIR ? resolve(e.MEDIA_DIR) : join(dataDir, 'media'),
    adminToken: e.ADMIN_TOKEN ?? null,
    metricsToken: e.METRICS_TOKEN ?? null,
    errorTracking: {
      dsn: e.SENTRY_DSN,
      release: e.SENTRY_RELEASE ?? `kvarta@${process.env.npm_package_version ?? 'dev'}`,
      // The pages' errors: a project of their own if given, else the server's.
      browserDsn: e.SENTRY_BROWSER_DSN ?? e.SENTRY_DSN,
    },
    // Only the generated catalogue has a make-believe market; imported listings change with their feeds.
    marketTickMinutes: !e.CATALOGUE.includes('demo') ? 0 : (e.MARKET_TICK_MINUTES ?? (e.NODE_ENV === 'test' ? 0 : 5)),
    liraMatcherSeconds: e.LIRA_AGENT_SECONDS,
    liraBatchMinutes: e.LIRA_BATCH_MINUTES,
    liraFirstBatchDelayMs: e.LIRA_FIRST_BATCH_DELAY_MS,
    liraSendLeaseSeconds: e.LIRA_SEND_LEASE_SECONDS,
    offlineSendDelayMs: e.TELEGRAM_OFFLINE_SEND_DELAY_MS,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    telegram: telegramConfig(e),
    payments: {
      plans,
      cloudPayments:
        e.CLOUDPAYMENTS_PUBLIC_ID && e.CLOUDPAYMENTS_API_SECRET
          ? {
              publicId: e.CLOUDPAYMENTS_PUBLIC_ID,
              apiSecret: e.CLOUDPAYMENTS_API_SECRET,
              apiUrl: e.CLOUDPAYMENTS_API_URL.replace(/\/+$/, ''),
            }
          : null,
      receipt: {
        taxationSystem: e.CLOUDPAYMENTS_TAXATION_SYSTEM,
        vat: e.CLOUDPAYMENTS_VAT === 'none' ? null : Number(e.CLOUDPAYMENTS_VAT),
      },
    },
    trustProxy: trustProxy.value,
    devToolsRemote: isOn(e.DEV_TOOLS_REMOTE),
    rateLimitScale: e.RATE_LIMIT_SCALE ?? 1,
    connectionLimits: { maxConnectionsPerIp: e.MAX_CONNECTIONS_PER_IP, requestTimeoutMs: e.REQUEST_TIMEOUT_MS },
  };
}
