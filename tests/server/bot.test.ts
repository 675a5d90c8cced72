import { describe, expect, it } from 'vitest';
import type { Update } from 'grammy/types';
import { handleSignInCallback, signOutEverywhere } from '../../server/bot/sign-in';
import { handleStart } from '../../server/bot/start';
import type { TelegramBot } from '../../server/bot/telegram';
import { useTestServer } from './helpers';
import { offlineGrammy as offlineBot } from './offline-grammy';

/** The real grammY bot with its API calls intercepted: nothing leaves the process. */
const offlineGrammy = (
  onStart: ConstructorParameters<typeof TelegramBot>[0]['onStart'],
  more: Partial<ConstructorParameters<typeof TelegramBot>[0]> = {},
) => offlineBot({ onStart, ...more });

const startUpdate = (text: string, fromId: number): Update => ({
  update_id: 1,
  message: {
    message_id: 1,
    date: Math.floor(Date.now() / 1000),
    chat: { id: fromId, type: 'private', first_name: 'Тест' },
    from: { id: fromId, is_bot: false, first_name: 'Тест' },
    text,
    entities: [{ type: 'bot_command', offset: 0, length: text.split(' ')[0]!.length }],
  },
});

const callbackUpdate = (data: string, fromId: number): Update => ({
  update_id: 2,
  callback_query: {
    id: 'cb1',
    chat_instance: '1',
    data,
    from: { id: fromId, is_bot: false, first_name: 'Тест' },
    message: { message_id: 1, date: Math.floor(Date.now() / 1000), chat: { id: fromId, type: 'private', first_name: 'Тест' }, text: '…' },
  },
});

describe('the Telegram bot (grammY, offline)', () => {
  const server = useTestServer('pglite');

  it('/start <token> asks «Войти»/«Отклонить»; «Войти» resolves the login, answers with the Mini App button and the «Это не я» notice', async () => {
    const anon = await server.anonymousToken();
    const bearer = { authorization: `Bearer ${anon}` };
    const info = await server.call<{ data: { telegramBindingToken: string; eventEmitterId: string } }>({
      method: 'POST',
      url: '/passport/data/telegram',
      payload: { type: 'login' },
      headers: bearer,
    });
    const ctx = { ...server.app, miniAppUrl: 'https://kvarta.test/tma/' };
    const { bot, calls } = offlineGrammy((token, user) => handleStart(ctx, token, user), {
      onCallback: async (data, from) => (await handleSignInCallback({ ...ctx, bot }, data, from)) ?? '',
    });
    await bot.bot.handleUpdate(startUpdate(`/start ${info.body.data.telegramBindingToken}`, 777));
    const asked = calls.find((c) => c.method === 'sendMessage')!;
    expect(asked.payload.chat_id).toBe(777);
    expect(String(asked.payload.text)).toMatch(/^Запрос на вход в «Кварту»/);
    const keyboard = JSON.stringify(asked.payload.reply_markup);
    expect(keyboard).toContain(`"callback_data":"signin:ok:${info.body.data.telegramBindingToken}"`);
    expect(keyboard).toContain('"text":"Отклонить"');
    await bot.bot.handleUpdate(callbackUpdate(`signin:ok:${info.body.data.telegramBindingToken}`, 777));
    expect(calls.find((c) => c.method === 'answerCallbackQuery')).toBeDefined();
    const sent = calls.filter((c) => c.method === 'sendMessage').slice(1);
    expect(String(sent[0]!.payload.text)).toMatch(/^Готово! Вы вошли/);
    expect(JSON.stringify(sent[0]!.payload.reply_markup)).toContain('"web_app":{"url":"https://kvarta.test/tma/"}');
    expect(JSON.stringify(sent[1]!.payload.reply_markup)).toContain('"text":"Это не я","callback_data":"signout"');
    const stream = await server.app.inject({
      method: 'GET',
      url: `/passport/data/events/telegram/${info.body.data.eventEmitterId}`,
      headers: bearer,
    });
    expect(stream.body).toContain('"status":"ok"');
  });

  it('/logout ends every session of the account', async () => {
    const { bot, calls } = offlineGrammy(async () => ({ text: '', buttons: [] }), {
      onLogout: (user) => signOutEverywhere(server.app, user.id),
    });
    await server.db.query(`INSERT INTO users (telegram_id, is_anonymous) VALUES ('779', false)`);
    await bot.bot.handleUpdate(startUpdate('/logout', 779));
    expect(String(calls.find((c) => c.method === 'sendMessage')!.payload.text)).toMatch(/сеансы .* завершены/);
    const { rows } = await server.db.query<{ token_version: number }>(`SELECT token_version FROM users WHERE telegram_id = '779'`);
    expect(rows[0]!.token_version).toBe(1);
  });

  it('/start without a token greets and offers the Mini App', async () => {
    const { bot, calls } = offlineGrammy((token, user) => handleStart(server.app, token, user));
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
