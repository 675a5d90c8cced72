import { describe, expect, it } from 'vitest';
import { FLAG, rank, ratingOfRow, type RankQuery, type TasteRating } from '../../../server/ranking';
import { MAX_PER_COMPLEX, MAX_PER_STATION } from '../../../server/ranking/diversify';
import { MAX_RATINGS, tasteRatings } from '../../../server/ranking/taste/ratings';
import { engineFixture } from './fixture';

const { columns: c } = engineFixture();
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const metro = (r: number) => c.metroMinutes[r]!;

/** A trait a buyer may dislike, the reason they name, and which side of the first page's median is the bad one. */
const TRAITS: Array<{ reason: string; value: (r: number) => number; bad: 'high' | 'low' }> = [
  { reason: 'PRICE', value: (r) => c.price[r]!, bad: 'high' },
  { reason: 'KITCHEN', value: (r) => c.areaKitchen[r]!, bad: 'low' },
  { reason: 'AREA', value: (r) => c.areaTotal[r]!, bad: 'low' },
  { reason: 'METRO', value: metro, bad: 'high' },
  { reason: 'FLOOR', value: (r) => c.floor[r]!, bad: 'high' },
];

describe('learning from reasons', () => {
  it.each(TRAITS)('a dislike naming $reason moves the next page away from that trait (at least half fewer)', ({ reason, value, bad }) => {
    const query: RankQuery = { filters: { rooms: [1, 2] }, limit: 10, seed: 3 };
    const first = rank(c, query).items;
    const cut = median(first.map((i) => value(i.row)));
    const hasTrait = (r: number) => (bad === 'high' ? value(r) >= cut : value(r) <= cut);
    const disliked = first.filter((i) => hasTrait(i.row));
    expect(disliked.length).toBeGreaterThanOrEqual(3);
    const ratings = disliked.map((i) => ratingOfRow(c, i.row, { action: 'DISLIKE', notices: [reason] }));
    const next = rank(c, { ...query, ratings, exclude: new Set(first.map((i) => i.id)) }).items;
    expect(next).toHaveLength(10);
    expect(next.filter((i) => hasTrait(i.row)).length).toBeLessThanOrEqual(disliked.length / 2);
  });

  it('a like of a finished flat with every fact named fine pulls finished flats up', () => {
    const query: RankQuery = { filters: {}, limit: 10, seed: 4 };
    const finished = (r: number) => (c.flags[r]! & FLAG.RENOVATED) !== 0;
    const likedRows = [...Array(c.size).keys()].filter(finished).slice(0, 6);
    const unfinished = [...Array(c.size).keys()].filter((r) => !finished(r)).slice(0, 6);
    const ratings: TasteRating[] = [
      ...likedRows.map((r) => ratingOfRow(c, r, { action: 'LIKE', notices: [] })),
      ...unfinished.map((r) => ratingOfRow(c, r, { action: 'DISLIKE', notices: ['RENOVATION'] })),
    ];
    const next = rank(c, { ...query, ratings }).items;
    expect(next.filter((i) => finished(i.row)).length).toBeGreaterThanOrEqual(9);
  });
});

describe('exploration', () => {
  it('never shows a listing outside the hard filters, whatever it samples', () => {
    const filters = { priceMin: 9_000_000, priceMax: 16_000_000, rooms: [2, 3], areaKitchenGte: 9, realtyType: 'NEW' as const };
    const passes = (r: number) =>
      c.price[r]! >= 9_000_000 &&
      c.price[r]! <= 16_000_000 &&
      [2, 3].includes(c.rooms[r]!) &&
      c.areaKitchen[r]! >= 9 &&
      (c.flags[r]! & FLAG.NEW) !== 0 &&
      (c.flags[r]! & (FLAG.SOLD | FLAG.RESERVED)) === 0;
    for (let seed = 1; seed <= 25; seed++) {
      // Ratings spread over the whole city, so the sampled tastes pull towards listings the filters exclude.
      const ratings = Array.from({ length: seed % 7 }, (_, i) =>
        ratingOfRow(
          c,
          (seed * 131 + i * 977) % c.size,
          i % 2 ? { action: 'LIKE', notices: [] } : { action: 'DISLIKE', notices: ['PRICE'] },
        ),
      );
      const { items } = rank(c, { filters, ratings, seed, limit: 30 });
      expect(items.length).toBe(30);
      for (const item of items) expect(passes(item.row)).toBe(true);
    }
  });

  it('keeps a page stable for the same seed and ratings, and tries other listings under another seed', () => {
    const ratings = [ratingOfRow(c, 7, { action: 'LIKE', notices: [] }), ratingOfRow(c, 901, { action: 'DISLIKE', notices: [] })];
    const query: RankQuery = { filters: { rooms: [1] }, ratings, limit: 10 };
    const ids = (seed: number) => rank(c, { ...query, seed }).items.map((i) => i.id);
    expect(ids(5)).toEqual(ids(5));
    expect(ids(5)).not.toEqual(ids(6));
    // Before any rating the seed does not matter: a first visit's page is everyone's.
    const unrated = (seed: number) => rank(c, { filters: { rooms: [1] }, limit: 10, seed }).items.map((i) => i.id);
    expect(unrated(5)).toEqual(unrated(6));
  });
});

describe('a first page with no signal', () => {
  const { items } = rank(c, { filters: {}, limit: 30 });

  it('is varied: at most 3 of any 10 from one complex and 5 at one station', () => {
    for (let start = 0; start + 10 <= items.length; start++) {
      const window = items.slice(start, start + 10);
      const perComplex = new Map<number, number>();
      const perStation = new Map<number, number>();
      for (const { row } of window) {
        perComplex.set(c.complexId[row]!, (perComplex.get(c.complexId[row]!) ?? 0) + 1);
        if (c.metro0[row]) perStation.set(c.metro0[row], (perStation.get(c.metro0[row]) ?? 0) + 1);
      }
      expect(Math.max(...perComplex.values())).toBeLessThanOrEqual(MAX_PER_COMPLEX);
      expect(Math.max(...perStation.values())).toBeLessThanOrEqual(MAX_PER_STATION);
    }
  });

  it('is ranked, not in id order, and its index is not the same number everywhere', () => {
    const ids = items.map((i) => i.id);
    expect(ids).not.toEqual([...ids].sort((a, b) => a - b));
    expect(new Set(items.map((i) => i.relevancePercent)).size).toBeGreaterThan(3);
    expect(Math.max(...items.map((i) => i.relevancePercent))).toBeLessThan(99);
  });

  it('keeps the limits only while the filters leave a choice', () => {
    // One complex's listings only: the page fills from it anyway.
    const complex = c.complexId[0]!;
    const areaIds = [c.areaId[0]!];
    const own = [...Array(c.size).keys()].filter((r) => c.areaId[r] === areaIds[0] && (c.flags[r]! & (FLAG.SOLD | FLAG.RESERVED)) === 0);
    const { items: page } = rank(c, { filters: { areaIds }, limit: Math.min(10, own.length) });
    expect(page).toHaveLength(Math.min(10, own.length));
    expect(page.every((i) => c.areaId[i.row] === areaIds[0])).toBe(true);
    expect(complex).toBeGreaterThan(0);
  });
});

describe('ratings', () => {
  it('learns from the most recent ratings only, so thousands of them cost no more than a few hundred', () => {
    const reactions = new Map<number, { action: 'LIKE' | 'DISLIKE'; notices: string[] }>();
    for (let row = 0; row < 1000; row++) reactions.set(c.id[row]!, { action: row % 2 ? 'LIKE' : 'DISLIKE', notices: [] });
    const apartments = new Map([...reactions.keys()].map((id) => [id, { cityId: c.cityId }]));
    const ratings = tasteRatings({ apartments }, () => c, reactions);
    expect(ratings).toHaveLength(MAX_RATINGS);
    // The first ones given are the newest: the first rating kept is the first reaction's listing.
    expect(ratings[0]!.liked).toBe(false);
    expect(ratings[1]!.liked).toBe(true);
  });
});
