import { describe, expect, it } from 'vitest';
import { FLAG, availableNotices, rank, wishesTexts, type RankQuery } from '../../../server/ranking';
import { NO_METRO_MINUTES } from '../../../server/ranking/constants';
import { FAR_FROM_METRO_MINUTES, metroWalkText } from '../../../server/ranking/metro-walk';
import { engineFixture } from './fixture';

const { columns: c } = engineFixture();

describe('filters', () => {
  it('honours every hard filter exactly and counts matches', () => {
    const query: RankQuery = {
      filters: { priceMin: 10_000_000, priceMax: 25_000_000, rooms: [1, 2], areaKitchenGte: 10, realtyType: 'NEW', stageIsPut: false },
      limit: 50,
    };
    const result = rank(c, query);
    expect(result.items.length).toBe(50);
    for (const item of result.items) {
      const r = item.row;
      expect(c.price[r]).toBeGreaterThanOrEqual(10_000_000);
      expect(c.price[r]).toBeLessThanOrEqual(25_000_000);
      expect([1, 2]).toContain(c.rooms[r]);
      expect(c.areaKitchen[r]).toBeGreaterThanOrEqual(10);
      expect(c.flags[r]! & FLAG.NEW).toBeTruthy();
      expect(c.flags[r]! & (FLAG.SOLD | FLAG.RESERVED)).toBe(0);
      expect(item.isAlternative).toBe(false);
    }
    // The count is the same as a brute-force scan.
    let expected = 0;
    for (let r = 0; r < c.size; r++) {
      const ok =
        c.price[r]! >= 10_000_000 &&
        c.price[r]! <= 25_000_000 &&
        (c.rooms[r] === 1 || c.rooms[r] === 2) &&
        c.areaKitchen[r]! >= 10 &&
        (c.flags[r]! & FLAG.NEW) !== 0 &&
        (c.flags[r]! & (FLAG.SOLD | FLAG.RESERVED)) === 0;
      if (ok) expected++;
    }
    expect(result.total).toBe(expected);
  });

  it('returns items best first (as far as variety allows) with relevance in 0–100', () => {
    const { items } = rank(c, { filters: {}, wishes: [{ code: 'PARK', importance: 'IMPORTANT' }], limit: 30 });
    const scores = items.map((i) => i.score);
    expect(scores[0]).toBe(Math.max(...scores));
    const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
    expect(mean(scores.slice(0, 10))).toBeGreaterThanOrEqual(mean(scores.slice(10, 20)));
    expect(mean(scores.slice(10, 20))).toBeGreaterThanOrEqual(mean(scores.slice(20, 30)));
    for (const item of items) {
      expect(item.relevancePercent).toBeGreaterThanOrEqual(0);
      expect(item.relevancePercent).toBeLessThanOrEqual(100);
    }
  });

  it('excludes ids already suggested', () => {
    const first = rank(c, { filters: {}, limit: 10 });
    const exclude = new Set(first.items.map((i) => i.id));
    const next = rank(c, { filters: {}, limit: 10, exclude });
    expect(next.items.some((i) => exclude.has(i.id))).toBe(false);
  });
});

describe('alternatives', () => {
  it('flags listings that pass only thanks to an extension, and ranks them below equal strict ones', () => {
    const filters = { priceMin: 12_000_000, priceMax: 14_000_000, rooms: [2] };
    const plain = rank(c, { filters, limit: 2000 });
    const widened = rank(c, { filters, extensions: { pricePercent: 10, rooms: [1, 3] }, limit: 5000 });
    expect(widened.total).toBeGreaterThan(plain.total);
    expect(widened.strictTotal).toBe(plain.total);
    const alternatives = widened.items.filter((i) => i.isAlternative);
    expect(alternatives.length).toBeGreaterThan(0);
    for (const alt of alternatives) {
      const r = alt.row;
      const strictPrice = c.price[r]! >= 12_000_000 && c.price[r]! <= 14_000_000;
      expect(strictPrice && c.rooms[r] === 2).toBe(false);
      expect(c.price[r]).toBeGreaterThanOrEqual(12_000_000 * 0.9);
      expect(c.price[r]).toBeLessThanOrEqual(14_000_000 * 1.1);
      expect([1, 2, 3]).toContain(c.rooms[r]);
    }
  });
});

describe('wishes', () => {
  it('importance order matters: the very important wish wins', () => {
    const metroFirst = rank(c, {
      filters: {},
      wishes: [
        { code: 'METRO_NEARBY', importance: 'VERY_IMPORTANT' },
        { code: 'BIG_KITCHEN', importance: 'DESIRABLE' },
      ],
      limit: 100,
    });
    const kitchenFirst = rank(c, {
      filters: {},
      wishes: [
        { code: 'METRO_NEARBY', importance: 'DESIRABLE' },
        { code: 'BIG_KITCHEN', importance: 'VERY_IMPORTANT' },
      ],
      limit: 100,
    });
    const avg = (items: { row: number }[], pick: (r: number) => number) => items.reduce((s, i) => s + pick(i.row), 0) / items.length;
    expect(avg(metroFirst.items, (r) => c.metroMinutes[r]!)).toBeLessThan(avg(kitchenFirst.items, (r) => c.metroMinutes[r]!));
    expect(avg(kitchenFirst.items, (r) => c.areaKitchen[r]!)).toBeGreaterThan(avg(metroFirst.items, (r) => c.areaKitchen[r]!));
  });

  it('explains each wish with a percent and a Russian text', () => {
    const [top] = rank(c, { filters: {}, wishes: [{ code: 'METRO_NEARBY', importance: 'IMPORTANT' }], limit: 1 }).items;
    const texts = wishesTexts(c, top!.row, [
      { code: 'METRO_NEARBY', importance: 'IMPORTANT' },
      { code: 'PARKING', importance: 'DESIRABLE' },
    ]);
    expect(texts[0]).toMatchObject({ code: 'METRO_NEARBY', title: 'Метро рядом', percent: 100 });
    expect(texts[0]!.text).toMatch(/^Метро в \d+ мин пешком$/);
    expect(texts[1]!.text).toMatch(/^(Есть парковка|Парковки нет)$/);
  });

  it('says a walk of 90 minutes or more to the metro is far, as the taste explanations do, never «Метро в 91 мин пешком»', () => {
    const far = c.metroMinutes.findIndex((minutes) => minutes >= FAR_FROM_METRO_MINUTES && minutes !== NO_METRO_MINUTES);
    expect(far).toBeGreaterThanOrEqual(0);
    expect(wishesTexts(c, far, [{ code: 'METRO_NEARBY', importance: 'IMPORTANT' }])[0]!.text).toBe('Метро далеко');
    expect(metroWalkText(89)).toBe('Метро в 89 мин пешком');
    expect(metroWalkText(NO_METRO_MINUTES)).toBe('Метро в городе нет');
  });

  it('offers dislike reasons in the two notice lists, sorted by priority', () => {
    const notices = availableNotices(c, 0);
    expect(Object.keys(notices)).toEqual(['Квартира', 'Расположение']);
    for (const list of Object.values(notices)) {
      for (let i = 1; i < list.length; i++) expect(list[i - 1]!.priority).toBeLessThanOrEqual(list[i]!.priority);
    }
  });
});
