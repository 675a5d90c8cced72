import type { OkEnvelope } from '@kvarta/contract';
import { afterEach, describe, expect, it } from 'vitest';
import type { Update } from 'grammy/types';
import type { OfflineBot } from '../../server/bot/offline';
import { TelegramBot } from '../../server/bot/telegram';
import { InProcessQueue } from '../../server/infra/in-process-queue';
import { LIRA_JOBS } from '../../server/jobs';
import { defineLiraJobs, profilesDue } from '../../server/jobs/lira';
import { DEFAULT_MATCHER, runMatcher } from '../../server/lira/agent';
import { botFeedbackHandler } from '../../server/lira/bot-feedback';
import { liraRankQuery } from '../../server/ranking';
import { findLiraProfile } from '../../server/lira/profiles';
import { DATABASES, TEST_BOT_TOKEN, useTestServer } from './helpers';
import { liraPayload, runningUser, signedInUser } from './helpers';

const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;

describe.each(DATABASES)('the AI-search agent on %s', (kind) => {
  const server = useTestServer(kind);
  afterEach(() => {
    server.ctx().now = () => new Date();
  });
  const suggestedIds = async (userId: number) =>
    (await server.db.query<{ apartment_id: number }>('SELECT apartment_id FROM lira_suggestions WHERE user_id = $1', [userId])).rows.map(
      (r) => r.apartment_id,
    );

  it('first batch, START → ACTIVE, later batches never repeat and respect the filters and alternatives', async () => {
    const user = await runningUser(server);
    expect((await findLiraProfile(server.db, user.userId))!.status).toBe('START');
    const first = await runMatcher(server.ctx(), user.userId);
    expect(first.added.length).toBe(DEFAULT_MATCHER.firstBatch);
    expect(first.status).toBe('ACTIVE');
    expect((await findLiraProfile(server.db, user.userId))!.status).toBe('ACTIVE');
    const second = await runMatcher(server.ctx(), user.userId);
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
    await Promise.all([
      runMatcher(server.ctx(), user.userId),
      server.request('liraStatus', { body: { status: 'STOP' }, token: user.token }),
    ]);
    expect((await findLiraProfile(server.db, user.userId))!.status).toBe('STOP');
  });

  it('a profile changed during a run still gets a fresh first batch next time', async () => {
    const user = await runningUser(server);
    await Promise.all([
      runMatcher(server.ctx(), user.userId),
      server.request('liraProfileUpdate', {
        body: { ...liraPayload, filters: { ...liraPayload.filters, roomsCntForFilter: [2, 3] } },
        token: user.token,
      }),
    ]);
    expect((await findLiraProfile(server.db, user.userId))!.lastBatchAt).toBeNull();
    expect((await runMatcher(server.ctx(), user.userId)).added.length).toBe(DEFAULT_MATCHER.firstBatch);
  });

  it('does nothing while stopped or when the subscription has expired', async () => {
    const user = await runningUser(server);
    await server.request('liraStatus', { body: { status: 'STOP' }, token: user.token });
    expect((await runMatcher(server.ctx(), user.userId)).added).toEqual([]);
    await server.request('liraStatus', { body: { status: 'START' }, token: user.token });
    server.ctx().now = () => new Date(Date.now() + 5 * 86_400_000);
    expect((await runMatcher(server.ctx(), user.userId)).added).toEqual([]);
    server.ctx().now = () => new Date();
    expect((await runMatcher(server.ctx(), user.userId)).added.length).toBe(DEFAULT_MATCHER.firstBatch);
  });

  it('new listings: only those among the best remaining join, in ranking order; others wait', async () => {
    const user = await runningUser(server);
    await runMatcher(server.ctx(), user.userId);
    const profile = (await findLiraProfile(server.db, user.userId))!;
    const exclude = new Set(await suggestedIds(user.userId));
    const ranked = server.engine().rank(77, liraRankQuery(profile.payload, profile.settings, { limit: 400, exclude })).items;
    const good = ranked.slice(20, 22).map((r) => r.id);
    const poor = ranked.slice(300, 302).map((r) => r.id);
    const result = await runMatcher(server.ctx(), user.userId, { ...DEFAULT_MATCHER, onlyIds: new Set([...poor, ...good]) });
    expect(result.added.map((s) => s.apartmentId)).toEqual(good);
  });

  it('what the user taught it changes later batches: after price dislikes the next ones are cheaper', async () => {
    const taught = await runningUser(server);
    const control = await runningUser(server);
    const first = await runMatcher(server.ctx(), taught.userId);
    await runMatcher(server.ctx(), control.userId);
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
    const taughtNext = await runMatcher(server.ctx(), taught.userId, opts);
    const controlNext = await runMatcher(server.ctx(), control.userId, opts);
    const price = (ids: number[]) => mean(ids.map((id) => server.memory().apartments.get(id)!.priceTotal));
    expect(price(taughtNext.added.map((s) => s.apartmentId))).toBeLessThan(price(controlNext.added.map((s) => s.apartmentId)));
    expect(taughtNext.added.map((s) => s.apartmentId)).not.toEqual(controlNext.added.map((s) => s.apartmentId));
  });

  it('the job: START wakes it and the first batch appears without a tick; a round respects the cadence', async () => {
    const queue = new InProcessQueue();
    const ctx = server.ctx();
    const wake = ctx.liraAgent;
    await defineLiraJobs(ctx, queue, { batchEveryMinutes: 60, firstBatchDelayMs: 0 });
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
      ctx.liraAgent = wake;
      ctx.now = () => new Date();
    }
  });

  it('two runs for one user at once add one batch and send it once (the profile lock and the send lease)', async () => {
    const bot = server.ctx().bot as OfflineBot;
    const user = await runningUser(server);
    const options = { ...DEFAULT_MATCHER, minGapMs: 60 * 60_000 };
    const [a, b] = await Promise.all([runMatcher(server.ctx(), user.userId, options), runMatcher(server.ctx(), user.userId, options)]);
    expect(a.added.length + b.added.length).toBe(DEFAULT_MATCHER.firstBatch);
    expect(Math.min(a.added.length, b.added.length)).toBe(0);
    const messages = await bot.messagesFor(user.telegramId);
    expect(messages.length).toBe(DEFAULT_MATCHER.sendLimit);
    expect(new Set(messages.map((m) => m.text)).size).toBe(messages.length);
  });

  it('a batch left half sent (a worker died holding the lease) is finished once the lease runs out, without repeats', async () => {
    const bot = server.ctx().bot as OfflineBot;
    const user = await runningUser(server);
    // The "dead" worker: stored the batch, sent two messages, then vanished with its lease held.
    const sendMessage = bot.sendMessage.bind(bot);
    let calls = 0;
    bot.sendMessage = async (...args) => {
      if (++calls > 2) throw new Error('killed');
      return sendMessage(...args);
    };
    try {
      await runMatcher(server.ctx(), user.userId);
    } finally {
      bot.sendMessage = sendMessage;
    }
    expect((await bot.messagesFor(user.telegramId)).length).toBe(2);
    const options = { ...DEFAULT_MATCHER, minGapMs: 60 * 60_000 };
    // While the lease holds, nobody else sends; the round does not even ask.
    expect((await runMatcher(server.ctx(), user.userId, options)).notified).toBe(0);
    expect(await profilesDue(server.ctx(), options.minGapMs)).not.toContain(user.userId);
    await server.db.query(`UPDATE lira_profiles SET notify_lease_until = now() - interval '1 second' WHERE user_id = $1`, [user.userId]);
    expect(await profilesDue(server.ctx(), options.minGapMs)).toContain(user.userId);
    const resumed = await runMatcher(server.ctx(), user.userId, options);
    expect(resumed.added).toEqual([]);
    expect(resumed.notified).toBe(DEFAULT_MATCHER.sendLimit - 2);
    const texts = (await bot.messagesFor(user.telegramId)).map((m) => m.text);
    expect(texts.length).toBe(DEFAULT_MATCHER.sendLimit);
    expect(new Set(texts).size).toBe(texts.length);
    expect(await profilesDue(server.ctx(), options.minGapMs)).not.toContain(user.userId);
  });

  it('each batch goes to Telegram (at most 5 messages) with 👍 / 👎 / «Открыть»; 👍 on the stand-in records a LIKE', async () => {
    const bot = server.ctx().bot as OfflineBot;
    const user = await runningUser(server);
    await runMatcher(server.ctx(), user.userId);
    const messages = await bot.messagesFor(user.telegramId);
    expect(messages.length).toBe(DEFAULT_MATCHER.sendLimit);
    const [message] = messages;
    expect(message!.text).toMatch(/^🏠 /);
    expect(message!.text).toMatch(/💰 [\d\u00a0 ]+ ₽/);
    expect(message!.text).toMatch(/Индекс AI \d+ %/);
    expect(message!.photoUrl).toMatch(/\/api\/media\/complex\/\d+\/1\.svg/);
    const buttons = message!.buttons.flat();
    expect(buttons.map((b) => b.text)).toEqual(['👍', '👎', 'Открыть']);
    const like = buttons[0]!;
    expect('callbackData' in like && like.callbackData).toMatch(/^lira:LIKE:\d+$/);
    const open = buttons[2]!;
    expect('url' in open && open.url).toMatch(/\/msk\/apart\/\d+\?startapp=apart_\d+$/);

    const apartmentId = Number(('callbackData' in like ? like.callbackData : '').split(':')[2]);
    const press = await server.call<OkEnvelope<{ text: string }>>({
      method: 'POST',
      url: '/dev/telegram/callback',
      payload: { data: `lira:LIKE:${apartmentId}`, user: { id: user.telegramId, first_name: 'Лира' } },
    });
    expect(press.body.data.text).toMatch(/^Отметил: нравится/);
    const liked = (await server.request('topLiked', { token: user.token })).body.data;
    expect(liked.map((i) => i.id)).toEqual([apartmentId]);
    const { rows } = await server.db.query<{ selection_type: string }>('SELECT selection_type FROM reactions WHERE user_id = $1', [
      user.userId,
    ]);
    expect(rows.map((r) => r.selection_type)).toEqual(['LIRA_4']);
    const stranger = await server.call<OkEnvelope<{ text: string }>>({
      method: 'POST',
      url: '/dev/telegram/callback',
      payload: { data: `lira:LIKE:${apartmentId}`, user: { id: 99, first_name: 'Х' } },
    });
    expect(stranger.body.data.text).toMatch(/привяжите Telegram/);
    expect((await server.app.inject({ method: 'GET', url: '/dev/telegram' })).body).toContain('/dev/telegram/callback');

    // A later, smaller batch sends one message per apartment.
    const before = (await bot.messagesFor(user.telegramId)).length;
    const next = await runMatcher(server.ctx(), user.userId);
    expect((await bot.messagesFor(user.telegramId)).length - before).toBe(next.added.length);
    expect(next.notified).toBe(DEFAULT_MATCHER.nextBatch);
  });

  it('the grammY bot: a 👎 callback_query records a dislike and is answered; photos only as public rasters', async () => {
    const user = await signedInUser(server);
    const calls: Array<{ method: string; payload: Record<string, unknown> }> = [];
    const bot = new TelegramBot({
      token: TEST_BOT_TOKEN,
      username: 'kvarta_test_bot',
      miniAppUrl: 'https://kvarta.test/tma/',
      onStart: async () => ({ text: '', buttons: [] }),
      onCallback: botFeedbackHandler(server.ctx()),
    });
    bot.bot.botInfo = {
      id: 1,
      is_bot: true,
      first_name: 'Кварта',
      username: 'kvarta_test_bot',
      can_join_groups: false,
      can_read_all_group_messages: false,
      supports_inline_queries: false,
      can_connect_to_business: false,
      has_main_web_app: true,
    } as typeof bot.bot.botInfo;
    bot.bot.api.config.use(async (_prev, method, payload) => {
      calls.push({ method, payload: payload });
      return {
        ok: true,
        result: method === 'answerCallbackQuery' ? true : { message_id: 1, date: 0, chat: { id: 1, type: 'private' } },
      } as never;
    });
    const apartmentId = [...server.memory().apartments.keys()][5]!;
    const update: Update = {
      update_id: 2,
      callback_query: {
        id: 'cb1',
        chat_instance: 'x',
        data: `lira:DISLIKE:${apartmentId}`,
        from: { id: user.telegramId, is_bot: false, first_name: 'Лира' },
      },
    };
    await bot.bot.handleUpdate(update);
    const answer = calls.find((c) => c.method === 'answerCallbackQuery')!;
    expect(String(answer.payload.text)).toMatch(/^Отметил: не нравится/);
    const { rows } = await server.db.query<{ action: string }>('SELECT action FROM reactions WHERE user_id = $1 AND apartment_id = $2', [
      user.userId,
      apartmentId,
    ]);
    expect(rows[0]?.action).toBe('DISLIKE');

    await bot.sendMessage(1, 'svg', [], { photoUrl: 'https://kvarta.test/api/media/complex/1/1.svg?scale=2' });
    await bot.sendMessage(1, 'png', [[{ text: '👍', callbackData: 'lira:LIKE:1' }]], { photoUrl: 'https://kvarta.test/p/1.png' });
    expect(calls.filter((c) => c.method === 'sendMessage' || c.method === 'sendPhoto').map((c) => c.method)).toEqual([
      'sendMessage',
      'sendPhoto',
    ]);
  });
});
