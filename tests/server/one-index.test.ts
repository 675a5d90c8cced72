import { describe, expect, it } from 'vitest';
import type { ApartmentItem } from '@kvarta/contract/catalog';
import { ORDER_TOLERANCE } from '../../server/ranking';
import { runMatcher } from '../../server/lira/matcher';
import { apartmentMessage, withTodaysIndex } from '../../server/lira/notify';
import { findLiraProfile, suggestionsOf } from '../../server/lira/repository';
import { DATABASES, hostile, runningUser, useTestServer } from './helpers';

/** TOP's preset for the same buyer: other wishes than AI search's, which must not make another index. */
const top = { cityIds: [77], priceTotalMinGte: 10_000_000, priceTotalMinLte: 25_000_000, roomsCntForFilter: [1, 2] };
const topWishes = { SCHOOL: 'VERY_IMPORTANT', KINDERGARTEN: 'IMPORTANT' } as const;

describe.each(DATABASES)('one buyer, one AI index on %s', (kind) => {
  const server = useTestServer(kind);

  it('the index of a flat is the same on every endpoint that returns it, and TOP is ordered by it', async () => {
    const user = await runningUser(server);
    const token = user.token;
    await server.request('topProfileSave', { body: { ...top, wishes: topWishes }, token });
    await runMatcher(server.app, user.userId);
    const suggested = (await suggestionsOf(server.db, user.userId)).map((s) => s.apartmentId);
    expect(suggested.length).toBe(10);

    // Ratings from three places teach the one model: TOP (a dislike with reasons), AI search, and the bot (the same
    // LIRA feedback the bot's buttons save).
    const topList = async () => (await server.request('topList', { body: { count: 30, page: 0, ...top }, token })).body.data.items;
    const first = await topList();
    await server.request('topReaction', { body: hostile({ apartmentId: first[0]!.id, action: 'DISLIKE', notices: ['METRO'] }), token });
    await server.request('liraFeedback', { body: hostile({ apartmentId: suggested[0]!, action: 'LIKE', notices: [] }), token });
    await server.request('liraFeedback', { body: hostile({ apartmentId: suggested[1]!, action: 'DISLIKE', notices: ['PRICE'] }), token });

    const listed = (await topList()).slice(0, 10);
    expect(listed).toHaveLength(10);
    const lira = (await server.request('liraVariantList', { query: { size: '30', page: '0' }, token })).body.data.items;
    expect(lira).toHaveLength(10);

    const pageIndex = async (id: number) =>
      (await server.request('apartmentSelectionInfo', { query: { id }, token })).body.data.relevancePercent;
    const topSidebar = async (ids: number[]) => {
      const groups = (await server.request('topSidebar', { body: { apartmentIds: ids }, token })).body.data;
      return new Map([...groups.DISLIKED, ...groups.LIKED, ...groups.NOT_VIEWED].map((i) => [i.id, i.relevancePercent]));
    };
    const liraSidebar = async (ids: number[]) => {
      const items = (await server.request('liraSidebar', { query: { apartmentIds: ids.join(',') }, token })).body.data;
      return new Map(items.map((i) => [i.id, i.relevancePercent]));
    };
    const profile = (await findLiraProfile(server.db, user.userId))!;
    const rows = (await suggestionsOf(server.db, user.userId)).filter((s) => suggested.includes(s.apartmentId));
    const messages = new Map(
      (await withTodaysIndex(server.app, user.userId, rows)).map(({ s, a }) => {
        const said = /Индекс AI (\d+) %/.exec(apartmentMessage(server.app, profile, s, a))?.[1];
        return [a.id, Number(said)];
      }),
    );

    // The TOP list's ten: TOP card (and its modal, which shows the card's item), the page and compare
    // (selection-info), and the map's sidebars of TOP and of AI search.
    const topIds = listed.map((i) => i.id);
    const [topMap, liraMap] = await Promise.all([topSidebar(topIds), liraSidebar(topIds)]);
    for (const item of listed) {
      expect(item.relevancePercent, `TOP ${item.id}`).not.toBeNull();
      expect(await pageIndex(item.id), `page ${item.id}`).toBe(item.relevancePercent);
      expect(topMap.get(item.id), `TOP map ${item.id}`).toBe(item.relevancePercent);
      expect(liraMap.get(item.id), `AI search map ${item.id}`).toBe(item.relevancePercent);
    }
    // AI search's ten: its list, the page, both maps and the bot's message.
    const liraIds = lira.map((i) => i.id);
    const [topMap2, liraMap2] = await Promise.all([topSidebar(liraIds), liraSidebar(liraIds)]);
    for (const item of lira) {
      expect(await pageIndex(item.id), `page ${item.id}`).toBe(item.relevancePercent);
      expect(topMap2.get(item.id), `TOP map ${item.id}`).toBe(item.relevancePercent);
      expect(liraMap2.get(item.id), `AI search map ${item.id}`).toBe(item.relevancePercent);
      expect(messages.get(item.id), `bot ${item.id}`).toBe(item.relevancePercent);
    }
    // The numbers say something: the ratings and wishes spread them.
    expect(new Set([...listed, ...lira].map((i) => i.relevancePercent)).size).toBeGreaterThan(3);

    // TOP's order follows the index: no card among the first ten stands more than 10 points above one before it.
    const shown = listed.map((i) => i.relevancePercent!);
    shown.forEach((later, j) => {
      for (const earlier of shown.slice(0, j)) expect(later, shown.join(', ')).toBeLessThanOrEqual(earlier + ORDER_TOLERANCE);
    });
  });

  it("an anonymous buyer's model starts from the first preset: the guest TOP and the page agree", async () => {
    const guest = (await server.request('topGuestList', { body: { count: 10, page: 0, ...top } })).body.data.items;
    expect(guest).toHaveLength(10);
    for (const item of guest) {
      const info = (await server.request('apartmentSelectionInfo', { query: { id: item.id } })).body.data;
      expect(info.relevancePercent).toBe(item.relevancePercent);
      expect(info.agentProfile).toBe(false);
      // The preset's wishes (near the metro, below the market) are what raised or lowered it.
      expect(info.wishesTexts.map((w) => w.code)).toEqual(['METRO_NEARBY', 'PRICE_BELOW_MARKET']);
    }
  });

  it('a dislike with reasons lowers the flats it names on TOP, and undoing it gives back the indexes of before', async () => {
    const token = await server.anonymousToken();
    const list = async () => (await server.request('topList', { body: { count: 30, page: 0, ...top }, token })).body.data.items;
    const indexes = (items: ApartmentItem[]) => new Map(items.map((i) => [i.id, i.relevancePercent]));
    const before = await list();
    const rated = before.find((i) => i.metro.every((m) => m.minutes > 15)) ?? before[before.length - 1]!;
    await server.request('topReaction', { body: hostile({ apartmentId: rated.id, action: 'DISLIKE', notices: ['METRO'] }), token });
    const after = await list();
    expect([...indexes(after)].some(([id, percent]) => indexes(before).has(id) && indexes(before).get(id) !== percent)).toBe(true);
    // The order rule holds on the freshly loaded list too.
    const shown = after.slice(0, 10).map((i) => i.relevancePercent!);
    shown.forEach((later, j) => {
      for (const earlier of shown.slice(0, j)) expect(later).toBeLessThanOrEqual(earlier + ORDER_TOLERANCE);
    });
    await server.request('topReaction', { body: hostile({ apartmentId: rated.id, action: 'RESET_REACTION', notices: [] }), token });
    expect(indexes(await list())).toEqual(indexes(before));
  });
});
