import type { OkEnvelope } from '@kvarta/contract';
import { afterEach, describe, expect, it } from 'vitest';
import type { Update } from 'grammy/types';
import type { OfflineBot } from '../../server/dev/telegram/offline-bot';
import { InProcessQueue } from '../../server/infra/in-process-queue';
import { LIRA_JOBS } from '../../server/jobs';
import { defineLiraJobs, profilesDue } from '../../server/lira/jobs';
import { DEFAULT_MATCHER, runMatcher } from '../../server/lira/matcher';
import { botFeedbackHandler } from '../../server/lira/bot-feedback';
import { reactionData } from '../../server/lira/bot-buttons';
import { apartmentPictures } from '../../server/lira/pictures';
import { InputFile } from 'grammy';
import { liraRankQuery } from '../../server/ranking';
import { findLiraProfile } from '../../server/lira/profiles';
import { DATABASES, useTestServer } from './helpers';
import { offlineGrammy, sentMessage } from './offline-grammy';
import { liraPayload, runningUser, signedInUser } from './helpers';

const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;

describe.each(DATABASES)('the AI-search agent on %s', (kind) => {
  const server = useTestServer(kind);
  afterEach(() => {
    server.app.now = () => new Date();
  });
  const suggestedIds = async (userId: number) =>
    (await server.db.query<{ apartment_id: number }>('SELECT apartment_id FROM lira_suggestions WHERE user_id = $1', [userId])).rows.map(
      (r) => r.apartment_id,
    );

  it('first batch, START → ACTIVE, later batches never repeat and respect the filters and alternatives', async () => {
    const user = await runningUser(server);
    expect((await findLiraProfile(server.db, user.userId))!.status).toBe('START');
    const first = await runMatcher(server.app, user.userId);
    expect(first.added.length).toBe(DEFAULT_MATCHER.firstBatch);
    expect(first.status).toBe('ACTIVE');
    expect((await findLiraProfile(server.db, user.userId))!.status).toBe('ACTIVE');
    const second = await runMatcher(server.app, user.userId);
    expect(second.added.length).toBe(DEFAULT_MATCHER.nextBatch);
    const all = await suggestedIds(user.userId);
    expect(new Set(all).size).toBe(all.length);
    expect(all.length).toBe(DEFAULT_MATCHER.firstBatch + DEFAULT_MATCHER.nextBatch);

    const f = liraPayload.filters;
    for (const s of [...first.added, ...second.added]) {
      const a = server.memory().apartments.get(s.apartmentId)!;
      expect(a.cityId).toBe(77);
      expect(a.status).toBe('ACTIVE');
      // Strict ones inside the filters; alternatives inside the extension (price +10 %, rooms 0 and 3).
      if (s.suggestionType === 'MAIN') {
        expect(a.priceTotal).toBeGreaterThanOrEqual(f.priceTotalMinGte);
        expect(a.priceTotal).toBeLessThanOrEqual(f.priceTotalMinLte);
        expect(f.roomsCntForFilter).toContain(a.roomsCnt);
      } else {
        expect(a.priceTotal).toBeGreaterThanOrEqual(f.priceTotalMinGte * 0.9);
        expect(a.priceTotal).toBeLessThanOrEqual(f.priceTotalMinLte * 1.1);
        expect([0, 1, 2, 3]).toContain(a.roomsCnt);
      }
    }
  });

  it('a Stop pressed while the first batch is being made stays STOP', async () => {
    const user = await runningUser(server);
    // The run holds the profile's lock while it stores the batch: the Stop waits for it, or goes first; it wins either way.
    await Promise.all([runMatcher(server.app, user.userId), server.request('liraStatus', { body: { status: 'STOP' }, token: user.token })]);
    expect((await findLiraProfile(server.db, user.userId))!.status).toBe('STOP');
  });

  it('a profile changed during a run still gets a fresh first batch next time', async () => {
    const user = await runningUser(server);
    await Promise.all([
      runMatcher(server.app, user.userId),
      server.request('liraProfileUpdate', {
        body: { ...liraPayload, filters: { ...liraPayload.filters, roomsCntForFilter: [2, 3] } },
        token: user.token,
      }),
    ]);
    expect((await findLiraProfile(server.db, user.userId))!.lastBatchAt).toBeNull();
    expect((await runMatcher(server.app, user.userId)).added.length).toBe(DEFAULT_MATCHER.firstBatch);
  });

  it('does nothing while stopped or when the subscription has expired', async () => {
    const user = await runningUser(server);
    await server.request('liraStatus', { body: { status: 'STOP' }, token: user.token });
    expect((await runMatcher(server.app, user.userId)).added).toEqual([]);
    await server.request('liraStatus', { body: { status: 'START' }, token: user.token });
    server.app.now = () => new Date(Date.now() + 5 * 86_400_000);
    expect((await runMatcher(server.app, user.userId)).added).toEqual([]);
    server.app.now = () => new Date();
    expect((await runMatcher(server.app, user.userId)).added.length).toBe(DEFAULT_MATCHER.firstBatch);
  });

  it('new listings: only those among the best remaining join, in ranking order; others wait', async () => {
    const user = await runningUser(server);
    await runMatcher(server.app, user.userId);
    const profile = (await findLiraProfile(server.db, user.userId))!;
    const exclude = new Set(await suggestedIds(user.userId));
    // Ranked as the agent ranks for this user: nothing rated yet, exploration seeded by the user.
    const ranked = server
      .engine()
      .rank(77, liraRankQuery(profile.payload, profile.settings, { limit: 400, exclude, seed: user.userId })).items;
    const good = ranked.slice(20, 22).map((r) => r.id);
    const poor = ranked.slice(300, 302).map((r) => r.id);
    const result = await runMatcher(server.app, user.userId, { ...DEFAULT_MATCHER, onlyIds: new Set([...poor, ...good]) });
    expect(result.added.map((s) => s.apartmentId)).toEqual(good);
  });

  it('what the user taught it changes later batches: after price dislikes the next ones are cheaper', async () => {
    const taught = await runningUser(server);
    const control = await runningUser(server);
    const first = await runMatcher(server.app, taught.userId);
    await runMatcher(server.app, control.userId);
    const byPrice = first.added.map((s) => server.memory().apartments.get(s.apartmentId)!).sort((a, b) => a.priceTotal - b.priceTotal);
    for (const [i, a] of byPrice.entries()) {
      const action = i < 3 ? 'LIKE' : 'DISLIKE';
      await server.request('liraFeedback', {
        body: { apartmentId: a.id, action, notices: action === 'DISLIKE' ? ['PRICE'] : [] },
        token: taught.token,
      });
    }
    // The control user sees the same first batch and rates nothing.
    const opts = { ...DEFAULT_MATCHER, nextBatch: 10 };
    const taughtNext = await runMatcher(server.app, taught.userId, opts);
    const controlNext = await runMatcher(server.app, control.userId, opts);
    const price = (ids: number[]) => mean(ids.map((id) => server.memory().apartments.get(id)!.priceTotal));
    expect(price(taughtNext.added.map((s) => s.apartmentId))).toBeLessThan(price(controlNext.added.map((s) => s.apartmentId)));
    expect(taughtNext.added.map((s) => s.apartmentId)).not.toEqual(controlNext.added.map((s) => s.apartmentId));
  });

  it('the job: START wakes it and the first batch appears without a tick; a round respects the cadence', async () => {
    const queue = new InProcessQueue();
    const ctx = server.app;
    const wake = ctx.liraMatcher;
    await defineLiraJobs(ctx, queue, { batchEveryMinutes: 60, firstBatchDelayMs: 0, messageRetrySeconds: 1 });
    await queue.work();
    const round = async () => {
      await queue.send(LIRA_JOBS.round, {});
      await queue.idle();
    };
    try {
      const user = await runningUser(server);
      await queue.idle();
      const list = (await server.request('liraVariantList', { query: { size: '30', page: '0' }, token: user.token })).body.data;
      expect(list.meta.totalItems).toBe(DEFAULT_MATCHER.firstBatch);
      expect((await server.request('liraProfile', { token: user.token })).body.data.status).toBe('ACTIVE');
      await round();
      expect((await suggestedIds(user.userId)).length).toBe(DEFAULT_MATCHER.firstBatch);
      ctx.now = () => new Date(Date.now() + 61 * 60_000);
      await round();
      expect((await suggestedIds(user.userId)).length).toBe(DEFAULT_MATCHER.firstBatch + DEFAULT_MATCHER.nextBatch);
    } finally {
      await queue.stop();
      ctx.liraMatcher = wake;
      ctx.now = () => new Date();
    }
  });

  it('two runs for one user at once add one batch and send it once (the profile lock and the send lease)', async () => {
    const bot = server.app.bot as OfflineBot;
    const user = await runningUser(server);
    const options = { ...DEFAULT_MATCHER, minGapMs: 60 * 60_000 };
    const [a, b] = await Promise.all([runMatcher(server.app, user.userId, options), runMatcher(server.app, user.userId, options)]);
    expect(a.added.length + b.added.length).toBe(DEFAULT_MATCHER.firstBatch);
    expect(Math.min(a.added.length, b.added.length)).toBe(0);
    const albums = (await bot.messagesFor(user.telegramId)).filter((m) => m.album);
    expect(albums).toHaveLength(1);
    expect(albums[0]!.album).toHaveLength(DEFAULT_MATCHER.sendLimit);
  });

  it('a batch left unsent (a worker died holding the lease) goes out once the lease runs out, as one album, without repeats', async () => {
    const bot = server.app.bot as OfflineBot;
    const user = await runningUser(server);
    // The "dead" worker: stored the batch, then vanished while sending it, its lease held.
    const sendAlbum = bot.sendAlbum.bind(bot);
    bot.sendAlbum = async () => {
      throw new Error('killed');
    };
    const albums = async () => (await bot.messagesFor(user.telegramId)).filter((m) => m.album);
    try {
      await runMatcher(server.app, user.userId);
    } finally {
      bot.sendAlbum = sendAlbum;
    }
    expect(await albums()).toHaveLength(0);
    const options = { ...DEFAULT_MATCHER, minGapMs: 60 * 60_000 };
    // While the lease holds, nobody else sends; the round does not even ask.
    expect((await runMatcher(server.app, user.userId, options)).notified).toBe(0);
    expect(await profilesDue(server.app, options.minGapMs)).not.toContain(user.userId);
    await server.db.query(`UPDATE lira_profiles SET notify_lease_until = now() - interval '1 second' WHERE user_id = $1`, [user.userId]);
    expect(await profilesDue(server.app, options.minGapMs)).toContain(user.userId);
    const resumed = await runMatcher(server.app, user.userId, options);
    expect(resumed.added).toEqual([]);
    expect(resumed.notified).toBe(DEFAULT_MATCHER.sendLimit);
    expect(await albums()).toHaveLength(1);
    expect((await albums())[0]!.album).toHaveLength(DEFAULT_MATCHER.sendLimit);
    // Sent is sent: another round finds nothing left.
    await server.db.query(`UPDATE lira_profiles SET notify_lease_until = NULL WHERE user_id = $1`, [user.userId]);
    expect((await runMatcher(server.app, user.userId, options)).notified).toBe(0);
    expect(await albums()).toHaveLength(1);
    expect(await profilesDue(server.app, options.minGapMs)).not.toContain(user.userId);
  });

  it('each batch goes to Telegram as one album (a picture per apartment) and one keyboard of 👍 / 👎 / «Открыть» rows; 👍 on the stand-in records a LIKE', async () => {
    const bot = server.app.bot as OfflineBot;
    const user = await runningUser(server);
    await runMatcher(server.app, user.userId);
    const messages = await bot.messagesFor(user.telegramId);
    const albums = messages.filter((m) => m.album);
    expect(albums).toHaveLength(1);
    const [album] = albums;
    expect(album!.text).toMatch(/^🏠 /);
    expect(album!.text.match(/💰 [\d\u00a0 ]+ ₽/g)).toHaveLength(DEFAULT_MATCHER.sendLimit);
    expect(album!.text.match(/Индекс AI \d+ %/g)).toHaveLength(DEFAULT_MATCHER.sendLimit);
    expect(album!.buttons).toEqual([]);
    // One picture per apartment: the first of each (a drawing of its house here).
    expect(album!.album).toHaveLength(DEFAULT_MATCHER.sendLimit);
    for (const picture of album!.album!) expect(picture.x1).toMatch(/^\/dev\/telegram\/picture\/complex-\d+-1\.png\?scale=1$/);
    // Right after the album: one message with all the buttons (an album cannot carry any).
    const follow = messages[messages.indexOf(album!) + 1]!;
    expect(follow).toBe(messages.at(-1));
    expect(follow.album).toBeUndefined();
    expect(follow.text).toMatch(/^Как вам эти варианты\?/);
    expect(follow.buttons).toHaveLength(DEFAULT_MATCHER.sendLimit);
    const buttons = follow.buttons[0]!;
    expect(buttons.map((b) => b.text)).toEqual(['👍 1', '👎 1', 'Открыть 1']);
    const like = buttons[0]!;
    const likeData = 'callbackData' in like ? like.callbackData : '';
    expect(likeData).toMatch(/^lv:L:\d+:[\w-]{12}$/);
    const open = buttons[2]!;
    expect('url' in open && open.url).toMatch(/\/msk\/apart\/\d+\?startapp=apart_\d+$/);

    const apartmentId = Number(likeData.split(':')[2]);
    const press = await server.call<OkEnvelope<{ text: string }>>({
      method: 'POST',
      url: '/dev/telegram/callback',
      payload: { data: likeData, messageId: follow.id, user: { id: user.telegramId, first_name: 'Лира' } },
    });
    expect(press.body.data.text).toMatch(/^Отметил: нравится/);
    const liked = (await server.request('topLiked', { token: user.token })).body.data;
    expect(liked.map((i) => i.id)).toEqual([apartmentId]);
    const { rows } = await server.db.query<{ selection_type: string }>('SELECT selection_type FROM reactions WHERE user_id = $1', [
      user.userId,
    ]);
    expect(rows.map((r) => r.selection_type)).toEqual(['LIRA_4']);
    // Someone else's chat: the button is signed for this user's chat only.
    const stranger = await server.call<OkEnvelope<{ text: string }>>({
      method: 'POST',
      url: '/dev/telegram/callback',
      payload: { data: likeData, user: { id: 99, first_name: 'Х' } },
    });
    expect(stranger.body.data.text).toMatch(/^Кнопка не распознана/);
    expect((await server.app.inject({ method: 'GET', url: '/dev/telegram' })).body).toContain('/dev/telegram/callback');

    // The album's pictures are rasters: 1x and 2x of the same drawing.
    const png = async (url: string) => {
      const res = await server.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.rawPayload.subarray(1, 4).toString()).toBe('PNG');
      return res.rawPayload.readUInt32BE(16);
    };
    const [x1, x2] = [await png(album!.album![0]!.x1), await png(album!.album![0]!.x2)];
    expect(x2).toBe(2 * x1);
    expect((await server.app.inject({ method: 'GET', url: '/dev/telegram/picture/complex-1-1.svg' })).statusCode).toBe(404);

    // A later, smaller batch is one album too, with a picture per apartment.
    const next = await runMatcher(server.app, user.userId);
    expect(next.notified).toBe(DEFAULT_MATCHER.nextBatch);
    const all = (await bot.messagesFor(user.telegramId)).filter((m) => m.album);
    expect(all).toHaveLength(2);
    expect(all[1]!.album).toHaveLength(next.added.length);
  });

  it('the grammY bot: a batch is ONE sendMediaGroup with a picture per apartment and ONE buttons message; each row answers for its own apartment', async () => {
    const user = await runningUser(server);
    let messageIds = 500;
    const photo = (i: number) => ({ ...sentMessage(++messageIds), photo: [{ file_id: `small-${i}` }, { file_id: `file-${messageIds}` }] });
    const { bot, calls } = offlineGrammy(
      { onStart: async () => ({ text: '', buttons: [] }), onCallback: botFeedbackHandler(server.app) },
      (method, payload) => {
        if (method === 'answerCallbackQuery' || method === 'editMessageText') return true;
        if (method === 'sendMediaGroup') return ((payload as { media: unknown[] }).media ?? []).map((_, i) => photo(i));
        return method === 'sendPhoto' ? photo(0) : sentMessage(++messageIds);
      },
    );
    const ctx = server.app;
    const offline = ctx.bot;
    ctx.bot = bot;
    try {
      expect((await runMatcher(ctx, user.userId)).notified).toBe(DEFAULT_MATCHER.sendLimit);
    } finally {
      ctx.bot = offline;
    }
    const n = DEFAULT_MATCHER.sendLimit;
    expect(calls.map((c) => c.method)).toEqual(['sendMediaGroup', 'sendMessage']);
    const media = calls[0]!.payload.media as Array<{ type: string; caption?: string }>;
    expect(media).toHaveLength(n);
    expect(media[0]!.caption!.length).toBeLessThanOrEqual(1024);
    expect(media[0]!.caption).toMatch(new RegExp(`^🏠 Новые варианты по вашему поиску: ${n}\\n\\n1\\. `));
    expect(media.slice(1).every((m) => m.caption === undefined)).toBe(true);
    const buttonsMessage = calls[1]!.payload as {
      reply_parameters: { message_id: number };
      reply_markup: { inline_keyboard: Array<Array<{ text: string; callback_data?: string; url?: string }>> };
    };
    expect(buttonsMessage.reply_parameters.message_id).toBe(501);
    const rows = buttonsMessage.reply_markup.inline_keyboard;
    expect(rows.map((row) => row.map((b) => b.text))).toEqual(
      Array.from({ length: n }, (_, i) => [`👍 ${i + 1}`, `👎 ${i + 1}`, `Открыть ${i + 1}`]),
    );
    expect(rows.flat().every((b) => Buffer.byteLength(b.callback_data ?? '') <= 64)).toBe(true);

    // 👎 on row 3, as Telegram hands it back (the message with its keyboard): that apartment's dislike, row 3 redrawn,
    // the reasons in a new message answering the batch.
    const third = Number(rows[2]![1]!.callback_data!.split(':')[2]);
    const chat = { id: user.telegramId, type: 'private' as const, first_name: 'Лира' };
    const update: Update = {
      update_id: 3,
      callback_query: {
        id: 'cb3',
        chat_instance: 'x',
        data: rows[2]![1]!.callback_data!,
        from: { id: user.telegramId, is_bot: false, first_name: 'Лира' },
        message: { message_id: 506, date: 1, chat, text: 'Как вам эти варианты?', reply_markup: { inline_keyboard: rows as never } },
      },
    };
    const before = calls.length;
    await bot.bot.handleUpdate(update);
    const after = calls.slice(before);
    expect(after.map((c) => c.method)).toEqual(['answerCallbackQuery', 'editMessageText', 'sendMessage']);
    const edited = (after[1]!.payload.reply_markup as { inline_keyboard: Array<Array<{ text: string }>> }).inline_keyboard;
    expect(edited.map((row) => row[1]!.text)).toEqual(rows.map((row, i) => (i === 2 ? '❌ 3' : row[1]!.text)));
    expect(after[1]!.payload.text).toBe('Как вам эти варианты?');
    expect(String(after[2]!.payload.text)).toMatch(/Уточните, что не понравилось\?$/);
    expect(after[2]!.payload.reply_parameters).toMatchObject({ message_id: 506 });
    expect(JSON.stringify(after[2]!.payload.reply_markup)).toContain('"text":"Готово"');
    const { rows: stored } = await server.db.query<{ apartment_id: number; action: string }>(
      'SELECT apartment_id, action FROM reactions WHERE user_id = $1',
      [user.userId],
    );
    expect(stored).toEqual([{ apartment_id: third, action: 'DISLIKE' }]);
  });

  it('the grammY bot: a signed 👎 callback_query records a dislike and turns the message into the reasons; albums by sendMediaGroup', async () => {
    const user = await signedInUser(server);
    let messageIds = 100;
    const message = () => sentMessage(++messageIds);
    const photo = (i: number) => ({ ...message(), photo: [{ file_id: `small-${i}` }, { file_id: `file-${messageIds}` }] });
    const { bot, calls } = offlineGrammy(
      { onStart: async () => ({ text: '', buttons: [] }), onCallback: botFeedbackHandler(server.app) },
      (method, payload) => {
        const media = (payload as { media?: unknown[] }).media ?? [];
        if (method === 'answerCallbackQuery' || method === 'editMessageText') return true;
        if (method === 'sendMediaGroup') return media.map((_, i) => photo(i));
        return method === 'sendPhoto' ? photo(0) : message();
      },
    );
    const apartmentId = [...server.memory().apartments.keys()][5]!;
    const data = reactionData(server.app, user.telegramId, { kind: 'dislike', apartmentId });
    const update: Update = {
      update_id: 2,
      callback_query: {
        id: 'cb1',
        chat_instance: 'x',
        data,
        from: { id: user.telegramId, is_bot: false, first_name: 'Лира' },
        message: { message_id: 7, date: 0, chat: { id: user.telegramId, type: 'private', first_name: 'Лира' }, text: '…' },
      },
    };
    await bot.bot.handleUpdate(update);
    const answer = calls.find((c) => c.method === 'answerCallbackQuery')!;
    expect(String(answer.payload.text)).toMatch(/^Отметил: не нравится/);
    const edit = calls.find((c) => c.method === 'editMessageText')!;
    expect(edit.payload).toMatchObject({ chat_id: user.telegramId, message_id: 7 });
    expect(String(edit.payload.text)).toMatch(/Уточните, что не понравилось\?$/);
    expect(JSON.stringify(edit.payload.reply_markup)).toContain('"text":"Готово"');
    const { rows } = await server.db.query<{ action: string }>('SELECT action FROM reactions WHERE user_id = $1 AND apartment_id = $2', [
      user.userId,
      apartmentId,
    ]);
    expect(rows[0]?.action).toBe('DISLIKE');

    // The album: the 2x rasters uploaded as files, the caption on the first only, then the buttons as a reply to it.
    const apartment = server.memory().apartments.get(apartmentId)!;
    const pictures = apartmentPictures(server.app, apartment);
    const follow = { text: 'Как вам этот вариант?', buttons: [[{ text: '👍', callbackData: 'x' }]] };
    expect(await bot.sendAlbum(1, pictures, 'Подпись', follow)).toBe(true);
    const group = calls.find((c) => c.method === 'sendMediaGroup')!;
    const media = group.payload.media as Array<{ type: string; media: unknown; caption?: string }>;
    expect(media.length).toBe(pictures.length);
    expect(media.every((m) => m.type === 'photo' && m.media instanceof InputFile)).toBe(true);
    expect(media.map((m) => m.caption)).toEqual(['Подпись', ...media.slice(1).map(() => undefined)]);
    const buttonsMessage = calls.at(-1)!;
    expect(buttonsMessage.method).toBe('sendMessage');
    expect(buttonsMessage.payload.reply_parameters).toMatchObject({ message_id: messageIds - 1 - (media.length - 1) });
    // The same pictures again go by the file_id Telegram gave back: nothing uploaded twice.
    await bot.sendAlbum(1, pictures, 'Подпись', follow);
    const again = calls.filter((c) => c.method === 'sendMediaGroup')[1]!.payload.media as Array<{ media: unknown }>;
    expect(again.every((m) => typeof m.media === 'string' && m.media.startsWith('file-'))).toBe(true);
    // One picture cannot be an album: it goes by sendPhoto, still with the caption.
    await bot.sendAlbum(
      1,
      pictures.slice(-1).map((p) => ({ ...p, key: `${p.key}-alone` })),
      'Одна',
      follow,
    );
    expect(calls.filter((c) => c.method === 'sendPhoto').at(-1)!.payload.caption).toBe('Одна');
    expect(await bot.sendAlbum(1, [], 'Нет картинок', follow)).toBe(false);

    const sentBefore = calls.length;
    await bot.sendMessage(1, 'svg', [], { photoUrl: 'https://kvarta.test/api/media/complex/1/1.svg?scale=2' });
    await bot.sendMessage(1, 'png', [[{ text: '👍', callbackData: 'x' }]], { photoUrl: 'https://kvarta.test/p/1.png' });
    expect(calls.slice(sentBefore).map((c) => c.method)).toEqual(['sendMessage', 'sendPhoto']);
  });
});
