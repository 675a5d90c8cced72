import { describe, expect, it } from 'vitest';
import { FLAG, liraRankQuery, rank, topRankQuery, wireImportance } from '../../../server/ranking';
import { engineFixture } from './fixture';

const { columns: c } = engineFixture();

describe('TOP profile → engine', () => {
  it('keeps the price window and the rooms, and ranks nearer the target price first', () => {
    const query = topRankQuery(
      {
        priceTotalMinGte: 15_000_000,
        priceTotalMinLte: 25_000_000,
        roomsCntForFilter: [2],
        realtyType: 'ALL',
        wishes: { METRO_NEARBY: 'IMPORTANT' },
      },
      30,
    );
    expect(query.targetPrice).toBe(20_000_000);
    const { items } = rank(c, query);
    expect(items.length).toBe(30);
    for (const item of items) {
      expect(c.price[item.row]).toBeGreaterThanOrEqual(15_000_000);
      expect(c.price[item.row]).toBeLessThanOrEqual(25_000_000);
      expect(c.rooms[item.row]).toBe(2);
    }
    const gap = (rows: typeof items) => rows.reduce((s, i) => s + Math.abs(c.price[i.row]! - 20_000_000), 0) / rows.length;
    const all = rank(c, { ...query, limit: 5000 }).items;
    expect(gap(items)).toBeLessThan(gap(all));
  });
});

describe('LIRA profile → engine', () => {
  it('maps wire importance: DESIRABLE travels as NOT_IMPORTANT, null is ignored', () => {
    expect(wireImportance('NOT_IMPORTANT')).toBe('DESIRABLE');
    expect(wireImportance('VERY_IMPORTANT')).toBe('VERY_IMPORTANT');
    expect(wireImportance(null)).toBeNull();
    const query = liraRankQuery(
      { filters: {}, wishGroups: { PARK: 'NOT_IMPORTANT', SCHOOL: null, METRO_NEARBY: 'VERY_IMPORTANT' }, portraitId: 3 },
      null,
      { limit: 10 },
    );
    expect(query.wishes).toEqual([
      { code: 'PARK', importance: 'DESIRABLE' },
      { code: 'METRO_NEARBY', importance: 'VERY_IMPORTANT' },
    ]);
    expect(query.portraitWishes?.map((w) => w.code)).toContain('SCHOOL');
  });

  it('extensions of spec §3 produce alternatives, flagged, only when useExtensions is on', () => {
    const profile = {
      filters: { priceTotalMinGte: 12_000_000, priceTotalMinLte: 14_000_000, roomsCntForFilter: [2], realtyType: 'NEW' as const },
    };
    const settings = {
      useExtensions: true,
      extensions: [
        { type: 'PRICE' as const, active: true, params: { price: 10 } },
        { type: 'ROOMS_COUNT' as const, active: true, params: { roomsCnt: [1, 3] } },
        { type: 'REALTY_TYPE' as const, active: true, params: { realtyType: 'RESALE' } },
        { type: 'DEADLINE' as const, active: false, params: { deadline: 2 } },
      ],
    };
    const widened = rank(c, liraRankQuery(profile, settings, { limit: 3000 }));
    const alternatives = widened.items.filter((i) => i.isAlternative);
    expect(alternatives.length).toBeGreaterThan(0);
    expect(alternatives.some((i) => (c.flags[i.row]! & FLAG.NEW) === 0)).toBe(true);
    const off = rank(c, liraRankQuery(profile, { ...settings, useExtensions: false }, { limit: 3000 }));
    expect(off.items.every((i) => !i.isAlternative)).toBe(true);
    expect(off.total).toBe(widened.strictTotal);
  });
});
