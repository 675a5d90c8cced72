import { describe, expect, it } from 'vitest';
import { complexPageSchema } from '@kvarta/contract/complex-page';
import { favouriteMarksSchema } from '@kvarta/contract/favourite-marks';
import type { OfflineBot } from '../../server/dev/telegram/offline-bot';
import { runFavouriteAlerts, observe } from '../../server/favourites';
import { signInitData } from '../../server/auth/telegram-init-data';
import { DATABASES, TEST_BOT_TOKEN, signedInUser, useTestServer } from './helpers';

/** A complex's page, compare, favourites' notes and the bot's alerts about them. */
describe('complex page', () => {
  const server = useTestServer();

  const newBuildWithListings = () => {
    const memory = server.memory();
    const counts = new Map<number, number>();
    for (const a of memory.apartments.values()) if (a.status !== 'SOLD') counts.set(a.complexId, (counts.get(a.complexId) ?? 0) + 1);
    const id = [...counts].filter(([c]) => memory.complexes.get(c)!.realtyType === 'NEW').sort((x, y) => y[1] - x[1])[0]![0];
    return memory.complexes.get(id)!;
  };

  it('groups the flats on sale by rooms with price and area ranges that hold every one of them', async () => {
    const complex = newBuildWithListings();
    const res = await server.request('complexPage', { params: { complexId: complex.id } });
    expect(res.status).toBe(200);
    const page = complexPageSchema.parse(res.body.data);
    const onSale = [...server.memory().apartments.values()].filter((a) => a.complexId === complex.id && a.status !== 'SOLD');
    expect(page.onSale).toBe(onSale.length);
    expect(page.rooms.reduce((sum, g) => sum + g.count, 0)).toBe(onSale.length);
    for (const g of page.rooms) {
      const flats = onSale.filter((a) => a.roomsCnt === g.roomsCnt);
      expect(g.count).toBe(flats.length);
      expect(g.priceMin).toBe(Math.min(...flats.map((a) => a.priceTotal)));
      expect(g.priceMax).toBe(Math.max(...flats.map((a) => a.priceTotal)));
      expect(g.areaMin).toBe(Math.min(...flats.map((a) => a.areaTotal)));
      expect(g.areaMax).toBe(Math.max(...flats.map((a) => a.areaTotal)));
      expect(server.memory().apartments.get(g.cheapestId)!.priceTotal).toBe(g.priceMin);
    }
    // Every building of the complex, with its deadline; the flats per building add up.
    const houses = [...server.memory().houses.values()].filter((h) => h.complexId === complex.id);
    expect(page.buildings.map((b) => b.id).sort()).toEqual(houses.map((h) => h.id).sort());
    expect(page.buildings.reduce((sum, b) => sum + b.onSale, 0)).toBe(onSale.length);
    expect(page.priceHistory.length).toBeGreaterThan(3);
    expect(page.sellers.reduce((sum, s) => sum + s.count, 0)).toBe(onSale.length);
    // The demo's flats are sold by their developer (a new build) or owners: never by the operator.
    expect(page.sellers[0]!.kind).toBe(page.developer ? 'DEVELOPER' : 'OWNER');
    expect(page.sellers.map((s) => s.name)).not.toContain('Кварта');
    // The demo catalogue's complex says it is one, as its flats do.
    expect(page.isDemo).toBe(true);
  });

  it('answers a resale house with what is known, 404 for an unknown complex, 400 for a bad id', async () => {
    const memory = server.memory();
    const resale = [...memory.complexes.values()].find((c) => c.realtyType === 'RESALE')!;
    const res = await server.request('complexPage', { params: { complexId: resale.id } });
    expect(res.status).toBe(200);
    expect(res.body.data.realtyType).toBe('RESALE');
    expect((await server.request('complexPage', { params: { complexId: 2_000_000_000 } })).status).toBe(404);
    const bad = await server.call({ method: 'GET', url: '/api/complex/abc' });
    expect(bad.status).toBe(400);
  });

  it('is in the sitemap, and its page has a title and a canonical link', async () => {
    const complex = newBuildWithListings();
    const index = await server.call({ method: 'GET', url: '/sitemap.xml', headers: { host: 'kvarta.test' } });
    expect(index.raw).toContain('/sitemap-complexes.xml');
    const file = await server.call({ method: 'GET', url: '/sitemap-complexes.xml', headers: { host: 'kvarta.test' } });
    expect(file.status).toBe(200);
    expect(file.raw).toMatch(new RegExp(`/[a-z-]+/complex/${complex.id}</loc>`));
  });
});

describe('compare', () => {
  const server = useTestServer();

  it('answers the apartments asked for in their order, leaving out unknown ones', async () => {
    const ids = [...server.memory().apartments.keys()].slice(10, 13).reverse();
    const res = await server.request('apartmentCompare', { query: { ids: [...ids, 2_000_000_000].join(',') } });
    expect(res.status).toBe(200);
    expect(res.body.data.map((a) => a.id)).toEqual(ids);
    expect(res.body.data[0]!.fairPrice.verdict).toBeTruthy();
  });

  it('refuses more than four ids and anything that is not a list of ids, in Russian', async () => {
    for (const ids of ['1,2,3,4,5', 'abc', '', '1,,2', '-1']) {
      const res = await server.call<{ result: string; message: string }>({
        method: 'GET',
        url: `/api/apartment/compare?ids=${encodeURIComponent(ids)}`,
      });
      expect(res.status, ids).toBe(400);
      expect(res.body.result).toBe('error');
    }
  });
});

describe.each(DATABASES)('favourites: notes, marks and alerts on %s', (kind) => {
  const server = useTestServer(kind);
  const bot = () => server.app.bot as OfflineBot;

  const like = (token: string, id: number) =>
    server.request('topReaction', { token, body: { apartmentId: id, action: 'LIKE', notices: [] } });

  const activeIds = (n: number, skip = 0) =>
    [...server.memory().apartments.values()]
      .filter((a) => a.status === 'ACTIVE')
      .slice(skip, skip + n)
      .map((a) => a.id);

  it('keeps a note per favourite, refuses one too long, and counts only liked ones', async () => {
    const { token } = await signedInUser(server);
    const [id] = activeIds(1, 100);
    expect((await like(token, id!)).status).toBe(200);
    const saved = await server.request('favouriteNote', { token, params: { apartId: id! }, body: { note: '  позвонить в субботу ' } });
    expect(saved.status).toBe(200);
    expect(favouriteMarksSchema.parse(saved.body.data).items).toEqual([
      expect.objectContaining({ apartmentId: id, note: 'позвонить в субботу' }),
    ]);
    const long = await server.request('favouriteNote', { token, params: { apartId: id! }, body: { note: 'x'.repeat(501) } });
    expect(long.status).toBe(400);
    expect((long.body as unknown as { message: string }).message).toMatch(/Заметка/);
    const unknown = await server.request('favouriteNote', { token, params: { apartId: 2_000_000_000 }, body: { note: 'a' } });
    expect(unknown.status).toBe(404);
  });

  it('marks a price drop and a sold listing, tells them in one message a day, and not twice across two runs', async () => {
    const { token, telegramId } = await signedInUser(server);
    const [cheaper, sold, same] = activeIds(3, 200);
    for (const id of [cheaper!, sold!, same!]) await like(token, id);
    // The first look records the prices the buyer saw.
    const first = await server.request('favouriteMarks', { token });
    expect(first.body.data.items.every((m) => m.change === null)).toBe(true);
    expect(first.body.data.canAlert).toBe(true);

    const memory = server.memory();
    const before = memory.apartments.get(cheaper!)!.priceTotal;
    memory.apartments.get(cheaper!)!.priceTotal = before - 300_000;
    memory.apartments.get(sold!)!.status = 'SOLD';
    try {
      const marks = await server.request('favouriteMarks', { token });
      const byId = new Map(marks.body.data.items.map((m) => [m.apartmentId, m]));
      expect(byId.get(cheaper!)).toMatchObject({ change: 'PRICE_DROP', oldPrice: before, newPrice: before - 300_000 });
      expect(byId.get(sold!)).toMatchObject({ change: 'GONE' });
      expect(byId.get(same!)!.change).toBeNull();

      const now = new Date();
      // Two workers at once: one message.
      const [a, b] = await Promise.all([runFavouriteAlerts(server.app, now), runFavouriteAlerts(server.app, now)]);
      expect(a.sent + b.sent).toBe(1);
      const told = (await bot().messagesFor(telegramId)).filter((m) => m.text.startsWith('Новости вашего избранного'));
      expect(told).toHaveLength(1);
      expect(told[0]!.text).toContain('цена снижена');
      expect(told[0]!.text).toContain('снята с продажи');
      expect(told[0]!.text.indexOf('цена снижена')).toBeLessThan(told[0]!.text.indexOf('снята с продажи'));

      // Another drop within the day waits; the next day it is told.
      memory.apartments.get(same!)!.priceTotal -= 100_000;
      expect((await runFavouriteAlerts(server.app, new Date(now.getTime() + 3_600_000))).sent).toBe(0);
      expect((await runFavouriteAlerts(server.app, new Date(now.getTime() + 25 * 3_600_000))).sent).toBe(1);
      const all = (await bot().messagesFor(telegramId)).filter((m) => m.text.startsWith('Новости вашего избранного'));
      expect(all).toHaveLength(2);
      expect(all[1]!.text.match(/цена снижена/g)).toHaveLength(1);
    } finally {
      memory.apartments.get(cheaper!)!.priceTotal = before;
      memory.apartments.get(sold!)!.status = 'ACTIVE';
    }
  });

  it('signing in brings the visitor’s notes and alert choice into the account; the account’s own note wins', async () => {
    const account = await signedInUser(server);
    const [mine, theirs] = activeIds(2, 400);
    await like(account.token, mine!);
    await server.request('favouriteNote', { token: account.token, params: { apartId: mine! }, body: { note: 'моя' } });
    const visitor = await server.anonymousToken();
    for (const id of [mine!, theirs!]) {
      await like(visitor, id);
      await server.request('favouriteNote', { token: visitor, params: { apartId: id }, body: { note: `гостя ${id}` } });
    }
    await server.request('favouriteAlerts', { token: visitor, body: { enabled: false } });

    const initData = signInitData(
      { user: { id: account.telegramId, first_name: 'Лира' }, authDate: Math.floor(Date.now() / 1000) },
      TEST_BOT_TOKEN,
    );
    const signed = await server.request('loginInitData', { body: { initData }, token: visitor });
    expect(signed.status).toBe(200);
    const marks = favouriteMarksSchema.parse((await server.request('favouriteMarks', { token: account.token })).body.data);
    expect(marks.alertsEnabled).toBe(false);
    expect(marks.items.map((m) => [m.apartmentId, m.note])).toEqual(
      [
        [mine, 'моя'],
        [theirs, `гостя ${theirs}`],
      ].sort((x, y) => Number(x[0]) - Number(y[0])),
    );
  });

  it('sends nothing once alerts are off in settings', async () => {
    const { token, telegramId } = await signedInUser(server);
    const [id] = activeIds(1, 300);
    await like(token, id!);
    await server.request('favouriteMarks', { token });
    const off = await server.request('favouriteAlerts', { token, body: { enabled: false } });
    expect(off.body.data.alertsEnabled).toBe(false);
    const a = server.memory().apartments.get(id!)!;
    a.priceTotal -= 50_000;
    try {
      await runFavouriteAlerts(server.app, new Date(Date.now() + 2 * 86_400_000));
      expect((await bot().messagesFor(telegramId)).some((m) => m.text.startsWith('Новости вашего избранного'))).toBe(false);
      // Favourites still mark it.
      const marks = await server.request('favouriteMarks', { token });
      expect(marks.body.data.items[0]!.change).toBe('PRICE_DROP');
    } finally {
      a.priceTotal += 50_000;
    }
  });
});

describe('the alerts rule', () => {
  const mark = (seenPrice: number, change: 'PRICE_DROP' | 'GONE' | null = null, oldPrice: number | null = null, alerted = false) => ({
    seenPrice,
    change,
    oldPrice,
    alerted,
  });
  it('drops, rises, leaving and coming back', () => {
    expect(observe(null, { priceTotal: 10, status: 'ACTIVE' })).toEqual({ kind: 'baseline', price: 10 });
    expect(observe(mark(10), { priceTotal: 9, status: 'ACTIVE' })).toEqual({ kind: 'drop', oldPrice: 10, newPrice: 9 });
    // Two drops before the message: told from the first price.
    expect(observe(mark(9, 'PRICE_DROP', 10), { priceTotal: 8, status: 'RESERVED' })).toEqual({ kind: 'drop', oldPrice: 10, newPrice: 8 });
    expect(observe(mark(9, 'PRICE_DROP', 10, true), { priceTotal: 8, status: 'ACTIVE' })).toEqual({
      kind: 'drop',
      oldPrice: 9,
      newPrice: 8,
    });
    expect(observe(mark(10), { priceTotal: 11, status: 'ACTIVE' })).toEqual({ kind: 'rise', price: 11 });
    expect(observe(mark(10), { priceTotal: 10, status: 'SOLD' })).toEqual({ kind: 'gone' });
    expect(observe(mark(10), undefined)).toEqual({ kind: 'gone' });
    expect(observe(mark(10, 'GONE'), undefined)).toEqual({ kind: 'none' });
    expect(observe(mark(10, 'GONE'), { priceTotal: 12, status: 'ACTIVE' })).toEqual({ kind: 'baseline', price: 12 });
  });
});
