import { describe, expect, it } from 'vitest';
import { signInitData } from '../../server/auth/telegram-init-data';
import { runMatcher } from '../../server/lira/matcher';
import { suggestionsOf } from '../../server/lira/repository';
import { DATABASES, TEST_BOT_TOKEN, hostile, runningUser, useTestServer } from './helpers';

/** One TOP setting shared by the person and the fresh anonymous buyer they are compared with. */
const top = { cityIds: [77], priceTotalMinGte: 8_000_000, priceTotalMinLte: 30_000_000, roomsCntForFilter: [1, 2, 3] };
const wishes = { SCHOOL: 'VERY_IMPORTANT', PARK: 'IMPORTANT' } as const;

describe.each(DATABASES)('«Персональные рекомендации» (149-FZ art. 10.2-2) on %s', (kind) => {
  const server = useTestServer(kind);
  const get = (token?: string) => server.request('personalisationGet', token === undefined ? {} : { token });
  const set = (token: string, body: unknown) => server.request('personalisationSet', { token, body: hostile(body) });
  const topOf = async (token: string) =>
    (await server.request('topList', { body: { count: 30, page: 0, ...top }, token })).body.data.items.map((i) => ({
      id: i.id,
      index: i.relevancePercent,
    }));
  const indexOf = async (token: string, id: number) =>
    (await server.request('apartmentSelectionInfo', { query: { id }, token })).body.data.relevancePercent;

  it('is on for everyone until turned off; without a token 401, a bad body a Russian 400', async () => {
    expect((await get()).status).toBe(401);
    expect((await server.request('personalisationSet', { body: { personalised: false } })).status).toBe(401);
    const token = await server.anonymousToken();
    expect((await get(token)).body.data).toEqual({ personalised: true });
    for (const body of [{}, { personalised: 'no' }, { personalised: 0 }, { personalised: false, extra: 1 }, null]) {
      const res = await set(token, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toMatchObject({ result: 'error', statusCode: 400 });
      expect(res.body.message).toMatch(/[а-яё]/i);
    }
    // An anonymous session's first write makes its row and keeps the choice.
    expect((await set(token, { personalised: false })).body.data).toEqual({ personalised: false });
    expect((await get(token)).body.data).toEqual({ personalised: false });
  });

  it('off: TOP and every index read as for a fresh anonymous buyer with the same settings; the ratings stay; on again: personal', async () => {
    const person = await server.anonymousToken();
    await server.request('topProfileSave', { body: { ...top, wishes }, token: person });
    const before = await topOf(person);
    // Many ratings, from deep in the list and from its top, so the learned taste reorders it.
    for (const item of before.slice(15, 27)) {
      await server.request('topReaction', { body: { apartmentId: item.id, action: 'LIKE', notices: [] }, token: person });
    }
    for (const item of before.slice(0, 6)) {
      await server.request('topReaction', { body: { apartmentId: item.id, action: 'DISLIKE', notices: ['METRO'] }, token: person });
    }
    const personal = await topOf(person);

    const stranger = await server.anonymousToken();
    await server.request('topProfileSave', { body: { ...top, wishes }, token: stranger });
    const anonymous = await topOf(stranger);
    expect(personal).not.toEqual(anonymous);

    expect((await set(person, { personalised: false })).body.data).toEqual({ personalised: false });
    // The ranked pages cached for the person went with the switch: the same request now answers the anonymous ranking.
    const off = await topOf(person);
    expect(off).toEqual(anonymous);
    for (const { id, index } of anonymous.slice(0, 5)) expect(await indexOf(person, id), `page ${id}`).toBe(index);
    for (const { id } of before.slice(0, 3)) expect(await indexOf(person, id)).toBe(await indexOf(stranger, id));

    // The ratings are kept: still shown as the person's marks, still in the table.
    const liked = (await server.request('topList', { body: { count: 30, page: 0, ...top }, token: person })).body.data.items;
    expect(liked.filter((i) => i.type === 'LIKED' || i.type === 'DISLIKED').length).toBeGreaterThan(0);
    const { rows } = await server.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM reactions r JOIN users u ON u.id = r.user_id WHERE u.personalised = false AND r.apartment_id = $1`,
      [before[15]!.id],
    );
    expect(rows[0]!.n).toBe(1);

    expect((await set(person, { personalised: true })).body.data).toEqual({ personalised: true });
    expect(await topOf(person)).toEqual(personal);
  });

  it('AI search finds and sends nothing while off, and goes on once on again', async () => {
    const user = await runningUser(server);
    await set(user.token, { personalised: false });
    const paused = await runMatcher(server.app, user.userId);
    expect(paused).toMatchObject({ added: [], notified: 0 });
    expect(await suggestionsOf(server.db, user.userId)).toHaveLength(0);
    await set(user.token, { personalised: true });
    const resumed = await runMatcher(server.app, user.userId);
    expect(resumed.added.length).toBeGreaterThan(0);
  });

  it('signing in: turned off in the anonymous session, off in the account (the stricter choice)', async () => {
    const initData = () =>
      signInitData({ user: { id: 9_200_001, first_name: 'Выбор' }, authDate: Math.floor(Date.now() / 1000) }, TEST_BOT_TOKEN);
    const account = (await server.request('loginInitData', { body: { initData: initData() } })).body.data.token;
    expect((await get(account)).body.data.personalised).toBe(true);
    const anonymous = await server.anonymousToken();
    await set(anonymous, { personalised: false });
    const signed = (await server.request('loginInitData', { body: { initData: initData() }, token: anonymous })).body.data.token;
    expect((await get(signed)).body.data).toEqual({ personalised: false });
  });
});
