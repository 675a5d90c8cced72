import type { OkEnvelope } from '@kvarta/contract';
import { describe, expect, it } from 'vitest';
import type { Update } from 'grammy/types';
import { handleCommand } from '../../server/bot/commands';
import type { BotButton, RefundedStarPayment, SentMessage } from '../../server/infra/bot-gateway';
import type { OfflineBot } from '../../server/dev/telegram/offline-bot';
import { floodWaitRetry, TelegramBot } from '../../server/bot/telegram';
import { DEFAULT_MATCHER, runMatcher } from '../../server/lira/matcher';
import { signCallbackData } from '../../server/infra/bot-callback-data';
import { reactionData } from '../../server/lira/bot-buttons';
import { apartmentPictures } from '../../server/lira/pictures';
import { FORGED_BUTTON, NOT_YOUR_CHAT } from '../../server/lira/bot-feedback';
import { findLiraProfile } from '../../server/lira/profiles';
import { liraPayload, runningUser, signedInUser, TEST_BOT_TOKEN, useTestServer, type TestServer } from './helpers';
import { offlineGrammy, sentMessage, type BotCall } from './offline-grammy';

type User = { id: number; first_name: string };
const callbackOf = (button: BotButton | undefined): string => (button && 'callbackData' in button ? button.callbackData : '');

/** The stand-in as its page drives it: press a button under a message, send a command, read the chat. */
function standIn(server: TestServer) {
  const bot = () => server.app.bot as OfflineBot;
  return {
    messages: (chatId: number) => bot().messagesFor(chatId),
    async press(user: User, data: string, messageId?: number) {
      const res = await server.call<OkEnvelope<{ text: string }>>({
        method: 'POST',
        url: '/dev/telegram/callback',
        payload: { data, user, ...(messageId === undefined ? {} : { messageId }) },
      });
      expect(res.status).toBe(200);
      return res.body.data.text;
    },
    async command(user: User, command: 'settings' | 'stop' | 'resume' | 'help' | 'paysupport' | 'delete') {
      const res = await server.call<OkEnvelope<{ text: string; buttons: BotButton[][] }>>({
        method: 'POST',
        url: '/dev/telegram/command',
        payload: { command, user },
      });
      expect(res.status).toBe(200);
      return res.body.data;
    },
  };
}

describe('the bot, native in Telegram (stand-in and grammY)', () => {
  const server = useTestServer('pglite');
  const chat = standIn(server);

  /** A running agent's first batch in the stand-in chat: the buttons' message under the first album. */
  async function firstMatch() {
    const user = await runningUser(server);
    await runMatcher(server.app, user.userId);
    const tg: User = { id: user.telegramId, first_name: 'Лира' };
    const messages = await chat.messages(user.telegramId);
    const album = messages.find((m) => m.album)!;
    const follow = messages[messages.indexOf(album) + 1]!;
    const apartmentId = Number(callbackOf(follow.buttons[0]![1]).split(':')[2]);
    return { user, tg, follow, apartmentId };
  }
  const reread = async (chatId: number, id: number): Promise<SentMessage> => (await chat.messages(chatId)).find((m) => m.id === id)!;

  it('a batch goes as ONE album (a picture per apartment, one caption listing them) and ONE buttons message, a row per apartment', async () => {
    const { user } = await firstMatch();
    const messages = await chat.messages(user.telegramId);
    const albums = messages.filter((m) => m.album);
    expect(albums).toHaveLength(1);
    const [album] = albums;
    const n = DEFAULT_MATCHER.sendLimit;
    expect(album!.album).toHaveLength(n);
    expect(album!.text.length).toBeLessThanOrEqual(1024);
    expect(album!.text.split('\n')[0]).toBe(`🏠 Новые варианты по вашему поиску: ${n}`);
    for (let i = 1; i <= n; i++) expect(album!.text).toMatch(new RegExp(`\n${i}\\. (Студия|\\d-к квартира), [\\d,]+ м², \\d+/\\d+ этаж`));
    expect(album!.text.match(/💰 .+ ₽ · ✨ Индекс AI \d+ %/g)).toHaveLength(n);
    // The caption is the album's only text; the buttons come once, right after it: 👍 n, 👎 n, «Открыть n» per row.
    expect(messages.indexOf(album!)).toBe(messages.length - 2);
    const follow = messages.at(-1)!;
    expect(follow.album).toBeUndefined();
    expect(follow.buttons.map((row) => row.map((b) => b.text))).toEqual(
      Array.from({ length: n }, (_, i) => [`👍 ${i + 1}`, `👎 ${i + 1}`, `Открыть ${i + 1}`]),
    );
    // Every row's 👍/👎 is signed for this chat and names its own apartment, in the caption's order.
    const ids = follow.buttons.map((row) => Number(callbackOf(row[0]).split(':')[2]));
    expect(new Set(ids).size).toBe(n);
    expect(follow.buttons.map((row) => Number(callbackOf(row[1]).split(':')[2]))).toEqual(ids);
    for (const [i, id] of ids.entries())
      expect(follow.buttons[i]![2]).toMatchObject({ url: expect.stringContaining(`/apart/${id}?startapp=apart_${id}`) });
  });

  it('👍 under a batch ticks only its own row and records a LIKE for that apartment', async () => {
    const { user, tg, follow } = await firstMatch();
    const second = Number(callbackOf(follow.buttons[1]![0]).split(':')[2]);
    expect(await chat.press(tg, callbackOf(follow.buttons[1]![0]), follow.id)).toBe('Отметил: нравится 👍 — квартира в избранном');
    const after = await reread(user.telegramId, follow.id);
    expect(after.text).toBe(follow.text);
    expect(after.buttons.map((row) => row[0]!.text)).toEqual(follow.buttons.map((row, i) => (i === 1 ? '✅ 2' : row[0]!.text)));
    const { rows } = await server.db.query<{ apartment_id: number; action: string }>(
      'SELECT apartment_id, action FROM reactions WHERE user_id = $1',
      [user.userId],
    );
    expect(rows).toEqual([{ apartment_id: second, action: 'LIKE' }]);
  });

  it('👎 on the stand-in opens the reasons; chosen ones stored with the DISLIKE; the next list shows them as DISLIKED with those notices', async () => {
    const { user, tg, follow: batch, apartmentId } = await firstMatch();
    expect(await chat.press(tg, callbackOf(batch.buttons[0]![1]), batch.id)).toBe('Отметил: не нравится 👎');
    // Under a batch: its row shows the 👎, the others stay, and the reasons come as a message of their own.
    const batchAfter = await reread(user.telegramId, batch.id);
    expect(batchAfter.buttons.map((row) => row[1]!.text)).toEqual(batch.buttons.map((row, i) => (i === 0 ? '❌ 1' : row[1]!.text)));
    const follow = (await chat.messages(user.telegramId)).at(-1)!;
    expect(follow.id).toBeGreaterThan(batch.id);
    // The dislike counts at once, even before any reason is picked.
    const stored = async () =>
      (
        await server.db.query<{ action: string; notices: string[] }>(
          'SELECT action, notices FROM reactions WHERE user_id = $1 AND apartment_id = $2',
          [user.userId, apartmentId],
        )
      ).rows[0];
    expect(await stored()).toEqual({ action: 'DISLIKE', notices: [] });

    let message = await reread(user.telegramId, follow.id);
    expect(message.text).toMatch(/\nУточните, что не понравилось\?$/);
    const titles = () => message.buttons.flat().map((b) => b.text);
    expect(titles()).toEqual(expect.arrayContaining(['Цена', 'Планировка', 'Район', 'Далеко от метро', 'Готово']));
    expect(titles().at(-1)).toBe('Готово');

    for (const reason of ['Цена', 'Далеко от метро', 'Район']) {
      const button = message.buttons.flat().find((b) => b.text === reason);
      expect(await chat.press(tg, callbackOf(button), follow.id)).toBe('');
      message = await reread(user.telegramId, follow.id);
      expect(titles()).toContain(`✅ ${reason}`);
    }
    // Switched off again: «Район» is not a reason after all.
    await chat.press(tg, callbackOf(message.buttons.flat().find((b) => b.text === '✅ Район')), follow.id);
    message = await reread(user.telegramId, follow.id);
    expect(titles().filter((t) => t.startsWith('✅ '))).toEqual(['✅ Цена', '✅ Далеко от метро']);

    const done = message.buttons.flat().find((b) => b.text === 'Готово');
    expect(await chat.press(tg, callbackOf(done), follow.id)).toBe('Спасибо! Учтём это в следующих подборках');
    expect((await stored())!.action).toBe('DISLIKE');
    expect([...(await stored())!.notices].sort()).toEqual(['METRO', 'PRICE']);
    message = await reread(user.telegramId, follow.id);
    expect(message.text).toMatch(/👎 Не нравится: (цена, далеко от метро|далеко от метро, цена)$/);
    expect(titles()).toEqual(['👍', '👎', 'Открыть']);

    const list = (await server.request('liraVariantList', { query: { size: '30', page: '0' }, token: user.token })).body.data;
    const item = list.items.find((i) => i.id === apartmentId)!;
    expect(item.type).toBe('DISLIKED');
    expect(item.notices.map((n) => n.key).sort()).toEqual(['METRO', 'PRICE']);
    expect(item.notices.map((n) => n.title)).toEqual(expect.arrayContaining(['Цена', 'Далеко от метро']));

    // 👎 again: the reasons come back with the stored ones chosen, and nothing is lost meanwhile.
    await chat.press(tg, callbackOf(message.buttons[0]![1]), follow.id);
    message = await reread(user.telegramId, follow.id);
    expect(
      titles()
        .filter((t) => t.startsWith('✅ '))
        .sort(),
    ).toEqual(['✅ Далеко от метро', '✅ Цена']);
    expect([...(await stored())!.notices].sort()).toEqual(['METRO', 'PRICE']);
  });

  it('forged, garbled, foreign and out-of-range callback data is answered with an error text and changes nothing', async () => {
    const { user, tg, follow, apartmentId } = await firstMatch();
    const like = callbackOf(follow.buttons[0]![0]);
    const [, , , tag] = like.split(':');
    const other = [...server.memory().apartments.keys()].find((id) => id !== apartmentId)!;
    const someoneElse = await signedInUser(server);
    const forged = [
      `lv:L:${other}:${tag}`, // another apartment under this button's tag
      `lv:OK:${apartmentId}:fff:${tag}`, // a made-up confirmation
      'lv:L:1', // no tag
      'lv:💥:🙃', // garbage
      'lira:LIKE:1', // the old unsigned form
      signCallbackData('654321:ANOTHER_bot_token_entirely_different', tg.id, `lv:L:${apartmentId}`), // another bot's key
      reactionData(server.app, tg.id, { kind: 'done', apartmentId, mask: 0xffff }), // signed, but no such reasons
    ];
    for (const data of forged) expect(await chat.press(tg, data, follow.id)).toBe(FORGED_BUTTON);
    // This user's button pressed by another user (a forwarded keyboard): signed for another chat.
    expect(await chat.press({ id: someoneElse.telegramId, first_name: 'Чужой' }, like)).toBe(FORGED_BUTTON);
    // A button pressed under a message of another chat than the presser's own.
    const handler = (await import('../../server/lira/bot-feedback')).botFeedbackHandler(server.app);
    expect(await handler(like, { id: tg.id, first_name: 'Лира' }, { chatId: tg.id + 1, messageId: 1 })).toBe(NOT_YOUR_CHAT);
    const { rows } = await server.db.query('SELECT 1 FROM reactions WHERE user_id = ANY($1::int[])', [[user.userId, someoneElse.userId]]);
    expect(rows).toEqual([]);
    // The message keeps its buttons: nothing was edited.
    expect((await reread(user.telegramId, follow.id)).buttons).toEqual(follow.buttons);
    // Hostile input on the route itself: a 4xx envelope, never a crash.
    const tooLong = await server.call({ method: 'POST', url: '/dev/telegram/callback', payload: { data: 'x'.repeat(65), user: tg } });
    expect(tooLong.status).toBe(400);
  });

  it('/stop and /resume follow spec §4: ACTIVE → STOP → ACTIVE, and say why when nothing can change', async () => {
    const { user, tg } = await firstMatch();
    const status = async () => (await findLiraProfile(server.db, user.userId))!.status;
    expect(await status()).toBe('ACTIVE');
    expect((await chat.command(tg, 'resume')).text).toBe('ИИ Поиск уже работает.');
    expect((await chat.command(tg, 'stop')).text).toMatch(/^ИИ Поиск остановлен: новые квартиры приходить не будут/);
    expect(await status()).toBe('STOP');
    expect((await chat.command(tg, 'stop')).text).toMatch(/^ИИ Поиск уже остановлен\. .*\/resume/);
    expect((await chat.command(tg, 'resume')).text).toBe('ИИ Поиск снова работает: новые квартиры будут приходить сюда.');
    expect(await status()).toBe('ACTIVE');
    // The commands and the answers are in the chat, as in Telegram.
    const texts = (await chat.messages(user.telegramId)).map((m) => m.text);
    expect(texts).toEqual(expect.arrayContaining(['/stop', '/resume']));

    // A cancelled subscription: stopping makes REJECTED, resuming runs to the period's end (CANCELLED).
    await server.db.query(`UPDATE subscriptions SET status = 'CANCELLED', auto_renewal = false WHERE user_id = $1`, [user.userId]);
    await chat.command(tg, 'stop');
    expect(await status()).toBe('REJECTED');
    expect((await chat.command(tg, 'resume')).text).toMatch(/^ИИ Поиск снова работает до \d\d\.\d\d\.\d{4}: продление подписки отключено/);
    expect(await status()).toBe('CANCELLED');

    // An expired subscription: nothing to resume, and the user is told so.
    await server.db.query(`UPDATE subscriptions SET status = 'EXPIRED', expired_at = now() - interval '2 days' WHERE user_id = $1`, [
      user.userId,
    ]);
    await chat.command(tg, 'stop');
    expect((await chat.command(tg, 'resume')).text).toMatch(/^Ваша подписка истекла/);
  });

  it('/resume without a subscription, without a profile, without an account: nothing changes, the reason in Russian', async () => {
    const noProfile = await signedInUser(server);
    const tg = { id: noProfile.telegramId, first_name: 'Новичок' };
    const notCreated = await chat.command(tg, 'resume');
    expect(notCreated.text).toMatch(/^ИИ Поиск ещё не настроен/);
    expect(notCreated.buttons.flat().map((b) => b.text)).toEqual(['Настроить ИИ Поиск']);
    expect((await chat.command(tg, 'stop')).text).toMatch(/Останавливать пока нечего\.$/);

    await server.request('liraProfileCreate', { body: liraPayload, token: noProfile.token });
    expect((await chat.command(tg, 'resume')).text).toBe('Подписка не оформлена. Оформите подписку в приложении.');
    expect((await findLiraProfile(server.db, noProfile.userId))!.status).toBe('NOT_PAID');
    expect((await chat.command(tg, 'stop')).text).toMatch(/^ИИ Поиск не запущен: подписка не оформлена/);

    const stranger = await chat.command({ id: 4_242_424, first_name: 'Гость' }, 'stop');
    expect(stranger.text).toMatch(/^У этого Telegram нет профиля в «Кварте»/);
  });

  it('/settings opens the AI-search settings (startapp=settings), /help lists the commands', async () => {
    const tg = { id: 4_242_425, first_name: 'Гость' };
    const settings = await chat.command(tg, 'settings');
    expect(settings.text).toMatch(/^Настройки ИИ Поиска/);
    expect(settings.buttons.flat()).toEqual([{ text: 'Настроить ИИ Поиск', url: '/agent?startapp=settings' }]);
    const help = await chat.command(tg, 'help');
    for (const command of ['/settings', '/stop', '/resume', '/help']) expect(help.text).toContain(command);
    // The live bot opens the Mini App itself.
    const live = await handleCommand(
      { ...server.app, bot: { ...server.app.bot, mode: 'live' }, miniAppUrl: 'https://k.test/tma/' },
      'settings',
      tg,
    );
    expect(live.buttons.flat()).toEqual([{ text: 'Настроить ИИ Поиск', webAppUrl: 'https://k.test/tma/?startapp=settings' }]);
    const page = (await server.app.inject({ method: 'GET', url: '/dev/telegram' })).body;
    for (const command of ['settings', 'stop', 'resume', 'help']) expect(page).toContain(`data-command="${command}"`);
  });

  it('the grammY bot answers the commands and, at start, registers them and the menu button', async () => {
    const { bot, calls }: { bot: TelegramBot; calls: BotCall[] } = offlineGrammy(
      {
        publicUrl: 'https://kvarta.test',
        onStart: async () => ({ text: '', buttons: [] }),
        // The live bot is the context's bot here: its buttons open the Mini App.
        onCommand: (command, user) => handleCommand({ ...server.app, bot, miniAppUrl: 'https://kvarta.test/tma/' }, command, user),
      },
      (method) => (method.startsWith('send') ? sentMessage(1) : true),
    );
    await bot.start();
    const commands = calls.find((c) => c.method === 'setMyCommands')!.payload.commands as Array<{ command: string; description: string }>;
    expect(commands.map((c) => c.command)).toEqual(['start', 'settings', 'stop', 'resume', 'help', 'paysupport', 'logout', 'delete']);
    expect(commands.every((c) => /[а-яё]/i.test(c.description))).toBe(true);
    expect(calls.find((c) => c.method === 'setChatMenuButton')!.payload.menu_button).toMatchObject({
      type: 'web_app',
      web_app: { url: 'https://kvarta.test/tma/' },
    });
    const command = (text: string, fromId: number): Update => ({
      update_id: 3,
      message: {
        message_id: 3,
        date: Math.floor(Date.now() / 1000),
        chat: { id: fromId, type: 'private', first_name: 'Тест' },
        from: { id: fromId, is_bot: false, first_name: 'Тест' },
        text,
        entities: [{ type: 'bot_command', offset: 0, length: text.length }],
      },
    });
    await bot.bot.handleUpdate(command('/settings', 4_242_426));
    await bot.bot.handleUpdate(command('/help', 4_242_426));
    await bot.bot.handleUpdate(command('/stop', 4_242_426));
    const replies = calls.filter((c) => c.method === 'sendMessage');
    expect(String(replies[0]!.payload.text)).toMatch(/^Настройки ИИ Поиска/);
    expect(JSON.stringify(replies[0]!.payload.reply_markup)).toContain('"web_app":{"url":"https://kvarta.test/tma/?startapp=settings"}');
    expect(String(replies[1]!.payload.text)).toMatch(/^Я бот «Кварты»/);
    expect(String(replies[2]!.payload.text)).toMatch(/^У этого Telegram нет профиля/);
    await bot.stop();
  });

  it('the grammY bot hands a service message carrying refunded_payment to the Stars handlers, and nothing else', async () => {
    const { bot } = offlineGrammy({ onStart: async () => ({ text: '', buttons: [] }) });
    const refunds: RefundedStarPayment[] = [];
    bot.setStarsHandlers({
      preCheckout: async () => ({ ok: true }),
      successfulPayment: async () => undefined,
      refundedPayment: async (refund) => void refunds.push(refund),
    });
    const from = { id: 4_242_427, is_bot: false, first_name: 'Тест' };
    const message = {
      message_id: 5,
      date: Math.floor(Date.now() / 1000),
      chat: { id: from.id, type: 'private' as const, first_name: 'Тест' },
      from,
    };
    const refunded = { currency: 'XTR', total_amount: 500, invoice_payload: 'payment-id', telegram_payment_charge_id: 'charge-1' };
    await bot.bot.handleUpdate({ update_id: 7, message: { ...message, refunded_payment: refunded } });
    await bot.bot.handleUpdate({ update_id: 8, message: { ...message, text: 'привет' } });
    expect(refunds).toEqual([{ fromId: from.id, currency: 'XTR', totalAmount: 500, payload: 'payment-id', chargeId: 'charge-1' }]);
  });

  it("Telegram's flood control is waited out when short, returned when long; a refused album falls back to text", async () => {
    const waits: number[] = [];
    const retry = floodWaitRetry(async (ms) => void waits.push(ms));
    const answers = [
      { ok: false, error_code: 429, description: 'Too Many Requests: retry after 3', parameters: { retry_after: 3 } },
      { ok: true, result: true },
    ];
    const prev = async () => answers.shift() as never;
    expect(await retry(prev, 'sendMessage', { chat_id: 1, text: 'x' })).toEqual({ ok: true, result: true });
    expect(waits).toEqual([3000]);
    const long = { ok: false, error_code: 429, description: 'Too Many Requests: retry after 600', parameters: { retry_after: 600 } };
    expect(await retry(async () => long as never, 'sendMessage', { chat_id: 1, text: 'x' })).toEqual(long);
    expect(waits).toEqual([3000]);

    const bot = new TelegramBot({
      token: TEST_BOT_TOKEN,
      username: 'kvarta_test_bot',
      miniAppUrl: 'https://kvarta.test/tma/',
      onStart: async () => ({ text: '', buttons: [] }),
    });
    bot.bot.api.config.use(
      async (_prev, method) =>
        (method === 'sendMediaGroup'
          ? { ok: false, error_code: 400, description: 'Bad Request: IMAGE_PROCESS_FAILED' }
          : { ok: true, result: { message_id: 1, date: 0, chat: { id: 1, type: 'private' } } }) as never,
    );
    const apartment = [...server.memory().apartments.values()][0]!;
    const pictures = apartmentPictures(server.app, apartment);
    expect(pictures.length).toBeGreaterThan(1);
    expect(await bot.sendAlbum(1, pictures, 'Подпись', { text: 'Как вам?', buttons: [] })).toBe(false);
  });
});
