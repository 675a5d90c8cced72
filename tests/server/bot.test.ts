import { describe, expect, it } from 'vitest';
import type { Update } from 'grammy/types';
import { handleStart } from '../../server/bot/start';
import { TelegramBot } from '../../server/bot/telegram';
import { TEST_BOT_TOKEN, useTestServer } from './helpers';

type Call = { method: string; payload: Record<string, unknown> };

/** The real grammY bot with its API calls intercepted: nothing leaves the process. */
function offlineGrammy(onStart: ConstructorParameters<typeof TelegramBot>[0]['onStart']) {
  const calls: Call[] = [];
  const bot = new TelegramBot({ token: TEST_BOT_TOKEN, username: 'kvarta_test_bot', miniAppUrl: 'https://kvarta.test/tma/', onStart });
  bot.bot.botInfo = {
    id: 123456, is_bot: true, first_name: 'Кварта', username: 'kvarta_test_bot', can_join_groups: false, can_read_all_group_messages: false,
    supports_inline_queries: false, can_connect_to_business: false, has_main_web_app: true,
  } as typeof bot.bot.botInfo;
  bot.bot.api.config.use(async (_prev, method, payload) => {
    calls.push({ method, payload: payload as Record<string, unknown> });
    return { ok: true, result: { message_id: calls.length, date: 0, chat: { id: 1, type: 'private' } } } as never;
  });
  return { bot, calls };
}

const startUpdate = (text: string, fromId: number): Update => ({
  update_id: 1,
  message: {
    message_id: 1,
    date: Math.floor(Date.now() / 1000),
    chat: { id: fromId, type: 'private', first_name: 'Тест' },
    from: { id: fromId, is_bot: false, first_name: 'Тест' },
    text,
    entities: [{ type: 'bot_command', offset: 0, length: 6 }],
  },
});

describe('the Telegram bot (grammY, offline)', () => {
  const server = useTestServer('pglite');

  it('/start <token> resolves the login and answers with a button that opens the Mini App', async () => {
    const info = await server.call<{ data: { telegramBindingToken: string; eventEmitterId: string } }>({ method: 'POST', url: '/passport/data/telegram', payload: { type: 'login' } });
    const { bot, calls } = offlineGrammy((token, user) => handleStart({ ...server.ctx(), miniAppUrl: 'https://kvarta.test/tma/' }, token, user));
    await bot.bot.handleUpdate(startUpdate(`/start ${info.body.data.telegramBindingToken}`, 777));
    const sent = calls.find((c) => c.method === 'sendMessage')!;
    expect(sent.payload.chat_id).toBe(777);
    expect(String(sent.payload.text)).toMatch(/^Готово! Вы вошли/);
    expect(JSON.stringify(sent.payload.reply_markup)).toContain('"web_app":{"url":"https://kvarta.test/tma/"}');
    const stream = await server.app.inject({ method: 'GET', url: `/passport/data/events/telegram/${info.body.data.eventEmitterId}` });
    expect(stream.body).toContain('"status":"ok"');
  });

  it('/start without a token greets and offers the Mini App', async () => {
    const { bot, calls } = offlineGrammy((token, user) => handleStart(server.ctx(), token, user));
    await bot.bot.handleUpdate(startUpdate('/start', 778));
    const sent = calls.find((c) => c.method === 'sendMessage')!;
    expect(String(sent.payload.text)).toMatch(/^Здравствуйте! Я бот «Кварты»/);
    expect(JSON.stringify(sent.payload.reply_markup)).toContain('web_app');
  });

  it('deep links point at the bot with the token as start parameter', () => {
    const { bot } = offlineGrammy(async () => ({ text: '', buttons: [] }));
    expect(bot.deepLink('abc_DEF-1')).toBe('tg://resolve?domain=kvarta_test_bot&start=abc_DEF-1');
    expect(bot.webFallbackLink('abc_DEF-1')).toBe('https://t.me/kvarta_test_bot?start=abc_DEF-1');
  });
});
