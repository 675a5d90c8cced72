import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { DEV_BOT_TOKEN, DEV_BOT_USERNAME } from './auth/dev-bot';

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('.data'),
  DATABASE_URL: z.string().url('DATABASE_URL: ожидается строка подключения postgres://…').optional(),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET: нужно не меньше 32 байт').optional(),
  PUBLIC_URL: z.string().url('PUBLIC_URL: ожидается адрес вида https://example.ru').optional(),
  CATALOGUE_SIZE: z.coerce.number().int().min(100).max(2_000_000).default(50_000),
  MARKET_TICK_MINUTES: z.coerce.number().min(0).max(1440).optional(),
  LIRA_AGENT_SECONDS: z.coerce.number().min(0).max(86_400).default(20),
  LIRA_BATCH_MINUTES: z.coerce.number().min(0).max(10_080).default(60),
  LIRA_FIRST_BATCH_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(2_000),
  TELEGRAM_BOT_TOKEN: z.string().regex(/^\d+:[A-Za-z0-9_-]{20,}$/, 'TELEGRAM_BOT_TOKEN: ожидается токен вида 123456:ABC…').optional(),
  TELEGRAM_BOT_USERNAME: z.string().regex(/^[A-Za-z0-9_]{3,64}$/).optional(),
  TELEGRAM_OFFLINE: z.enum(['0', '1', 'true', 'false']).optional(),
  TELEGRAM_WEBHOOK_SECRET: z.string().regex(/^[A-Za-z0-9_-]{16,256}$/, 'TELEGRAM_WEBHOOK_SECRET: 16–256 символов A-Z, a-z, 0-9, _ и -').optional(),
  PAYMENTS_SANDBOX: z.enum(['0', '1', 'true', 'false']).optional(),
  TRUST_PROXY: z.enum(['0', '1', 'true', 'false']).optional(),
  TELEGRAM_MANAGERS_CHAT_ID: z.string().regex(/^-?\d{1,16}$/, 'TELEGRAM_MANAGERS_CHAT_ID: ожидается id чата Telegram, например -1001234567890').optional(),
});

export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  env: 'development' | 'production' | 'test';
  logLevel: string;
  jwtSecret: Uint8Array;
  publicUrl: string | undefined;
  catalogueSize: number;
  /** Minutes between market ticks (new and sold listings); 0 turns it off. Off in tests by default. */
  marketTickMinutes: number;
  /** Seconds between the AI-search agent's rounds (0 = only wake-ups and market ticks). */
  liraAgentSeconds: number;
  /** Minutes between periodic batches of one running profile. */
  liraBatchMinutes: number;
  /** Milliseconds from START to the first batch. */
  liraFirstBatchDelayMs: number;
  telegram: TelegramConfig;
  /** The sandbox payment page even without the offline Telegram stand-in (never on a real deployment). */
  paymentsSandbox: boolean;
  /** Behind a reverse proxy: take the client's address from X-Forwarded-For (per-IP limits). */
  trustProxy: boolean;
}

export interface TelegramConfig {
  /** The real token, or the public development token of the offline stand-in. */
  botToken: string;
  botUsername: string;
  /** 'live' talks to Telegram; 'offline' only verifies signatures with the token (tests, no network). */
  mode: 'live' | 'offline';
  /** The /dev/telegram page and dev-signed Mini App launches: offline and not in production. */
  standIn: boolean;
  webhookSecret: string | undefined;
  /** The managers' chat that receives call-back requests; without it the offline stand-in shows them (or, live, they stay in the database). */
  managersChatId?: number;
}

/** Reads the secret from the environment, or keeps a generated one under the data folder. */
function jwtSecret(fromEnv: string | undefined, dataDir: string): Uint8Array {
  if (fromEnv) return new TextEncoder().encode(fromEnv);
  const file = join(dataDir, 'jwt-secret');
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600 });
    chmodSync(file, 0o600);
  }
  return new TextEncoder().encode(readFileSync(file, 'utf8').trim());
}

function telegramConfig(e: z.infer<typeof envSchema>): TelegramConfig {
  const live = Boolean(e.TELEGRAM_BOT_TOKEN) && e.TELEGRAM_OFFLINE !== '1' && e.TELEGRAM_OFFLINE !== 'true';
  return {
    botToken: e.TELEGRAM_BOT_TOKEN ?? DEV_BOT_TOKEN,
    botUsername: e.TELEGRAM_BOT_USERNAME ?? DEV_BOT_USERNAME,
    mode: live ? 'live' : 'offline',
    standIn: !live && e.NODE_ENV !== 'production',
    webhookSecret: e.TELEGRAM_WEBHOOK_SECRET,
    managersChatId: e.TELEGRAM_MANAGERS_CHAT_ID === undefined ? undefined : Number(e.TELEGRAM_MANAGERS_CHAT_ID),
  };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const parsed = envSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')));
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Неверная конфигурация сервера:\n${problems}`);
  }
  const e = parsed.data;
  const dataDir = resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    env: e.NODE_ENV,
    logLevel: e.LOG_LEVEL,
    jwtSecret: jwtSecret(e.JWT_SECRET, dataDir),
    publicUrl: e.PUBLIC_URL,
    catalogueSize: e.CATALOGUE_SIZE,
    marketTickMinutes: e.MARKET_TICK_MINUTES ?? (e.NODE_ENV === 'test' ? 0 : 5),
    liraAgentSeconds: e.LIRA_AGENT_SECONDS,
    liraBatchMinutes: e.LIRA_BATCH_MINUTES,
    liraFirstBatchDelayMs: e.LIRA_FIRST_BATCH_DELAY_MS,
    telegram: telegramConfig(e),
    paymentsSandbox: e.PAYMENTS_SANDBOX === '1' || e.PAYMENTS_SANDBOX === 'true',
    trustProxy: e.TRUST_PROXY === '1' || e.TRUST_PROXY === 'true',
  };
}
