import { describe, expect, it } from 'vitest';
import { rank, ratingOfRow, scoreListing, type RankQuery } from '../../../server/ranking';
import { likeChanceOf, toRelevancePercent } from '../../../server/ranking/calibration';
import { learnTaste } from '../../../server/ranking/taste/model';
import { engineFixture } from './fixture';

describe('the index as the chance of a like (calibration.ts)', () => {
  const scores = [0, 0.001, 0.01, 0.05, 0.1, 0.3, 0.6, 0.9, 1];

  it('under hard limits is the chance of passing them, the score itself', () => {
    for (const s of scores) expect(likeChanceOf(s, 1)).toBeCloseTo(s, 12);
  });

  it('under a trade-off spreads the score by a root (0.1 → 40 %, 0.3 → 62 %, 0.6 → 82 %)', () => {
    expect([0.1, 0.3, 0.6].map((s) => toRelevancePercent(likeChanceOf(s, 0)))).toEqual([40, 62, 82]);
  });

  it('in between weighs the two readings by how likely each is, and keeps the order of scores', () => {
    for (const limits of [0, 0.25, 0.5, 0.9, 1]) {
      const chances = scores.map((s) => likeChanceOf(s, limits));
      chances.slice(1).forEach((p, i) => expect(p).toBeGreaterThanOrEqual(chances[i]!));
      scores.forEach((s, i) => expect(chances[i]).toBeCloseTo(limits * s + (1 - limits) * s ** 0.4, 12));
    }
    // The more the ratings read as hard limits, the lower a middling listing's chance.
    expect(likeChanceOf(0.1, 0.9)).toBeLessThan(likeChanceOf(0.1, 0.1));
  });

  it('shows whole percents from 1 to 99, whatever the score', () => {
    expect(toRelevancePercent(likeChanceOf(0, 0))).toBe(1);
    expect(toRelevancePercent(likeChanceOf(1, 1))).toBe(99);
    expect(toRelevancePercent(likeChanceOf(-1, 2))).toBe(1);
  });

  it('is what the engine shows: the score read with the buyer model’s own P(hard limits)', () => {
    const { columns: c } = engineFixture();
    const query: RankQuery = { filters: { rooms: [1, 2] }, limit: 20, seed: 5 };
    const first = rank(c, query).items;
    const ratings = first
      .slice(0, 10)
      .map((item, k) => ratingOfRow(c, item.row, k % 3 ? { action: 'DISLIKE', notices: ['PRICE'] } : { action: 'LIKE', notices: [] }));
    const limits = learnTaste(c.tasteEdges, ratings, {}).limits;
    const rated = { ...query, ratings };
    // A disliked listing's own index is capped by the one it had before (taste.test.ts): the rated ones are left out.
    const listed = rank(c, { ...rated, exclude: new Set(first.slice(0, 10).map((item) => item.id)) }).items;
    expect(listed.length).toBeGreaterThan(0);
    for (const item of listed) {
      const one = scoreListing(c, item.row, rated);
      expect(one.chance).toBeCloseTo(likeChanceOf(one.score, limits), 12);
      expect(item.relevancePercent).toBe(one.relevancePercent);
    }
  });

  it('leaves out the ranking’s own tilt to value for money: a dearer asking price moves the flat down, not its index', () => {
    const { columns: c } = engineFixture();
    const query: RankQuery = { filters: { rooms: [1, 2] }, limit: 20, seed: 5 };
    const fair = rank(c, query).items.find((item) => c.fairRatio[item.row]! <= 0.9)!;
    const price = c.price[fair.row]!;
    const alone: RankQuery = { ...query, filters: { ...query.filters, priceMin: price, priceMax: price } };
    const before = { index: scoreListing(c, fair.row, query), ranked: rank(c, alone).items.find((item) => item.row === fair.row)! };
    c.fairRatio[fair.row] = 1.2;
    const after = { index: scoreListing(c, fair.row, query), ranked: rank(c, alone).items.find((item) => item.row === fair.row)! };
    expect(after.ranked.score).toBeLessThan(before.ranked.score);
    expect(after.index.chance).toBe(before.index.chance);
    expect(after.ranked.relevancePercent).toBe(before.ranked.relevancePercent);
  });
});
