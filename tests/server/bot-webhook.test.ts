import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { TEST_OPERATOR_ENV } from './helpers';
import { offlineGrammy } from './offline-grammy';

const REAL_TOKEN = '123456:REAL_token_of_a_production_bot_0000';
const base = { DATA_DIR: mkdtempSync(join(tmpdir(), 'kvarta-webhook-')), PUBLIC_URL: 'https://kvarta.example.ru' };
const production = {
  ...base,
  ...TEST_OPERATOR_ENV,
  NODE_ENV: 'production',
  CATALOGUE: 'feeds',
  TELEGRAM_BOT_TOKEN: REAL_TOKEN,
  JWT_SECRET: 'a-production-secret-that-is-long-enough-0123456789',
};

/** A /start message as Telegram posts it: anyone who can reach the URL can post the same bytes. */
const startUpdate = {
  update_id: 1,
  message: {
    message_id: 1,
    date: 0,
    chat: { id: 42, type: 'private', first_name: 'A' },
    from: { id: 42, is_bot: false, first_name: 'A' },
    text: '/start',
    entities: [{ type: 'bot_command', offset: 0, length: 6 }],
  },
};

async function webhookApp(webhookSecret: string | undefined) {
  const started: number[] = [];
  const { bot } = offlineGrammy({
    webhookSecret,
    onStart: async (_token, user) => {
      started.push(user.id);
      return { text: 'Привет', buttons: [] };
    },
  });
  const app = Fastify();
  bot.registerWebhook(app);
  await app.ready();
  const post = (headers: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url: '/bot-api/telegram/webhook', payload: startUpdate, headers });
  return { app, post, started };
}

describe('the bot webhook takes only updates carrying its secret', () => {
  it('production with PUBLIC_URL refuses to start without TELEGRAM_WEBHOOK_SECRET, naming it', () => {
    expect(() => loadConfig(production)).toThrow(/TELEGRAM_WEBHOOK_SECRET: в production с PUBLIC_URL задайте секрет вебхука/);
    const secret = 'Hx7pQ2vN9kLm4RtW8yZb3cDf6gJs1uVa';
    expect(loadConfig({ ...production, TELEGRAM_WEBHOOK_SECRET: secret }).telegram.webhookSecret).toBe(secret);
    // Long polling (no PUBLIC_URL) has no webhook to protect.
    expect(() => loadConfig({ ...production, PUBLIC_URL: undefined })).not.toThrow();
  });

  it('outside production a live bot gets a secret derived from its token, the same on every instance', () => {
    const one = loadConfig({ ...base, TELEGRAM_BOT_TOKEN: REAL_TOKEN }).telegram.webhookSecret;
    const two = loadConfig({ ...base, TELEGRAM_BOT_TOKEN: REAL_TOKEN }).telegram.webhookSecret;
    const other = loadConfig({ ...base, TELEGRAM_BOT_TOKEN: '654321:ANOTHER_bot_token_000000000000000' }).telegram.webhookSecret;
    expect(one).toMatch(/^[A-Za-z0-9_-]{16,256}$/);
    expect(two).toBe(one);
    expect(other).not.toBe(one);
    expect(one).not.toContain(REAL_TOKEN.split(':')[1]);
  });

  it('a forged update without the header or with a wrong one is refused; the right header is served', async () => {
    const secret = loadConfig({ ...base, TELEGRAM_BOT_TOKEN: REAL_TOKEN }).telegram.webhookSecret;
    const { app, post, started } = await webhookApp(secret);
    try {
      expect((await post()).statusCode).toBe(401);
      expect((await post({ 'x-telegram-bot-api-secret-token': `${secret!}x` })).statusCode).toBe(401);
      expect((await post({ 'x-telegram-bot-api-secret-token': 'webhook-secret-0123456789abcdef' })).statusCode).toBe(401);
      expect(started).toEqual([]);
      expect((await post({ 'x-telegram-bot-api-secret-token': secret! })).statusCode).toBe(200);
      expect(started).toEqual([42]);
    } finally {
      await app.close();
    }
  });

  it('a bot without a secret registers no webhook at all', async () => {
    await expect(webhookApp(undefined)).rejects.toThrow(/TELEGRAM_WEBHOOK_SECRET/);
  });
});
