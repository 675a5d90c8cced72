/**
 * The held-out family of simulated buyers (issue #46): written after the engine, never used to tune it, run only for
 * the final figures. It differs from the development populations (bench/quality.ts, bench/soft-taste.ts) on purpose:
 * - deal-breakers mixed with trade-offs: 0–2 hard limits ("not the worst third on metro") and a weighted utility
 *   over 2–4 other traits; a listing is liked when it passes every limit and its utility clears the buyer's bar;
 * - interactions: for half the buyers one trait counts only in a family flat (2+ rooms: a big kitchen, a school near);
 * - a share of dislikes with a named reason drawn per buyer from 0–80 %, naming the broken limit, else the weakest
 *   trait (sometimes two);
 * - misclicks at a rate of 2–12 % per buyer;
 * - 0, 1 or 2 changes of mind, before page 1, 2 or 3 (a trait swapped, a limit moved, or a side reversed);
 * - a base like-rate of 30–50 % of the listings the buyer's filters let through (the development populations like
 *   15–30 % by their threshold, and most of what the engine shows).
 * The seeds below are the family's: three, each drawing its own 200 buyers and the engine's own randomness.
 */
import type { Random } from '../server/catalog/reference';
import { FLAG, INFRA_ORDER, NO_METRO_MINUTES } from '../server/ranking/constants';
import type { CityColumns } from '../server/ranking';
import { coin, standing, type SoftTaste, type Trait } from './soft-taste';

export const HELD_OUT_SEEDS = [4601, 4602, 4603] as const;

const school = INFRA_ORDER.indexOf('SCHOOL');
const park = INFRA_ORDER.indexOf('PARK');
const kindergarten = INFRA_ORDER.indexOf('KINDERGARTEN');
const infra = (k: number) => (c: CityColumns, r: number) => c.infra[r * INFRA_ORDER.length + k]!;

const TRAITS: readonly Trait[] = [
  { reason: 'PRICE', value: (c, r) => c.price[r]!, better: 'lower' },
  { reason: 'AREA', value: (c, r) => c.areaTotal[r]!, better: 'higher' },
  { reason: 'KITCHEN', value: (c, r) => c.areaKitchen[r]!, better: 'higher' },
  { reason: 'METRO', value: (c, r) => (c.metroMinutes[r] === NO_METRO_MINUTES ? 90 : c.metroMinutes[r]!), better: 'lower' },
  { reason: 'CENTRE', value: (c, r) => c.centreKm[r]!, better: 'lower' },
  { reason: 'FLOOR', value: (c, r) => c.floor[r]!, better: 'higher' },
  { reason: 'RENOVATION', value: (c, r) => (c.flags[r]! & FLAG.RENOVATED ? 1 : 0), better: 'higher' },
  { reason: 'RENOVATION', value: (c, r) => (c.flags[r]! & FLAG.RENOVATED ? 1 : 0), better: 'lower' },
  { reason: 'DEADLINE', value: (c, r) => (c.flags[r]! & FLAG.STAGE_PUT ? 0 : c.deadline[r]!), better: 'lower' },
  { reason: 'INFRASTRUCTURE', value: infra(school), better: 'lower' },
  { reason: 'INFRASTRUCTURE', value: infra(park), better: 'lower' },
  { reason: 'INFRASTRUCTURE', value: infra(kindergarten), better: 'lower' },
];
/** Traits that may count only in a family flat (2+ rooms). */
const FAMILY_TRAITS = [2, 9, 11];

interface Limit {
  trait: number;
  /** The listing's standing on the trait must be at least this (0.3: not among the worst 30 %). */
  cut: number;
}

interface Version {
  limits: Limit[];
  traits: number[];
  weights: number[];
  /** Index into traits of the one that counts only in a family flat, or −1. */
  familyOnly: number;
  threshold: number;
}

/** A held-out buyer over the pool their filters let through; null when the draw cannot reach its base like-rate. */
export function heldOutTaste(c: CityColumns, pool: readonly number[], random: Random, seed: number): SoftTaste | null {
  const standings = new Map<number, Float64Array>();
  const standingOf = (t: number) => {
    let s = standings.get(t);
    if (!s) standings.set(t, (s = standing(c, pool, TRAITS[t]!)));
    return s;
  };
  const family = (r: number) => c.rooms[r]! >= 2;
  const baseRate = 0.3 + random.next() * 0.2;
  const misclick = 0.02 + random.next() * 0.1;
  const namesShare = random.next() * 0.8;
  const shuffled = () =>
    TRAITS.map((_, i) => ({ i, k: random.next() }))
      .sort((a, b) => a.k - b.k)
      .map((x) => x.i);

  const passes = (v: Omit<Version, 'threshold'>, r: number) => v.limits.every((l) => standingOf(l.trait)[r]! >= l.cut);
  const utility = (v: Omit<Version, 'threshold'>, r: number) =>
    v.traits.reduce((s, t, i) => s + (i === v.familyOnly && !family(r) ? 0.5 : standingOf(t)[r]!) * v.weights[i]!, 0);
  /** The bar that leaves the base like-rate of the pool liked, or null when the limits alone leave too little. */
  const settle = (v: Omit<Version, 'threshold'>): Version | null => {
    const passing = pool.filter((r) => passes(v, r));
    if (passing.length < pool.length * (baseRate + 0.05)) return null;
    const utilities = passing.map((r) => utility(v, r)).sort((a, b) => a - b);
    const liked = Math.round(pool.length * baseRate);
    return { ...v, threshold: utilities[Math.max(0, utilities.length - liked)]! };
  };

  const order = shuffled();
  const limitCount = random.pick([0, 1, 1, 2]);
  const limits = order.slice(0, limitCount).map((trait) => ({ trait, cut: 0.15 + random.next() * 0.2 }));
  const traitCount = random.int(2, 4);
  const traits = order.slice(limitCount, limitCount + traitCount);
  const weights = traits.map(() => 0.3 + random.next());
  let familyOnly = -1;
  if (random.chance(0.5)) {
    const f = FAMILY_TRAITS.find((t) => !traits.includes(t) && !limits.some((l) => l.trait === t));
    if (f !== undefined) {
      traits.push(f);
      weights.push(0.6 + random.next());
      familyOnly = traits.length - 1;
    }
  }
  const first = settle({ limits, traits, weights, familyOnly });
  if (!first) return null;

  // Changes of mind: before which pages (1…3) the taste moves, and how.
  const changes = random.pick([0, 1, 1, 2]);
  const startRounds = [1, 2, 3]
    .map((round) => ({ round, k: random.next() }))
    .sort((a, b) => a.k - b.k)
    .slice(0, changes)
    .map((x) => x.round)
    .sort((a, b) => a - b);
  const versions: Array<{ from: number; v: Version }> = [{ from: 0, v: first }];
  for (const from of startRounds) {
    const previous = versions[versions.length - 1]!.v;
    const unused = shuffled().filter((t) => !previous.traits.includes(t) && !previous.limits.some((l) => l.trait === t));
    const next = { ...previous, limits: [...previous.limits], traits: [...previous.traits], weights: [...previous.weights] };
    const kind = random.int(0, 2);
    if (kind === 0 || next.limits.length === 0) {
      // A trait swapped for one the buyer did not weigh (not the family one).
      const out = random.int(0, next.traits.length - 1 - (next.familyOnly >= 0 ? 1 : 0));
      next.traits[out] = unused.find((t) => TRAITS[t]!.reason !== TRAITS[next.traits[out]!]!.reason) ?? next.traits[out]!;
      next.weights[out] = 0.6 + random.next();
    } else if (kind === 1) {
      // A limit moved to another trait.
      next.limits[0] = { trait: unused[0]!, cut: 0.15 + random.next() * 0.2 };
    } else {
      // A trait the buyer weighed now counts the other way round ("a lower floor after all").
      const flip = random.int(0, next.traits.length - 1);
      const opposite = TRAITS.findIndex(
        (t, i) =>
          i !== next.traits[flip] && t.reason === TRAITS[next.traits[flip]!]!.reason && t.better !== TRAITS[next.traits[flip]!]!.better,
      );
      if (opposite >= 0) next.traits[flip] = opposite;
      else next.weights[flip] = next.weights[flip]! * 2.5;
    }
    const settled = settle(next);
    if (settled) versions.push({ from, v: settled });
  }
  const at = (round: number) => versions.filter((x) => x.from <= round).pop()!.v;

  const likes = (row: number, round: number) => {
    const v = at(round);
    return passes(v, row) && utility(v, row) >= v.threshold;
  };
  /**
   * The oracle's measure (bench/oracle.ts): the smallest margin of the rule, each limit's standing over its cut and the
   * utility over the bar per unit of weight, so it is ≥ 0 exactly when the flat is liked.
   */
  const sureness = (row: number, round: number) => {
    const v = at(round);
    const limitMargins = v.limits.map((l) => standingOf(l.trait)[row]! - l.cut);
    const weight = v.weights.reduce((s, w) => s + w, 0);
    return Math.min(...limitMargins, (utility(v, row) - v.threshold) / weight);
  };
  return {
    likes,
    sureness,
    react: (row, round) => {
      const liked = likes(row, round) !== coin(seed, row, 11) < misclick;
      if (liked) return { action: 'LIKE', notices: [] };
      if (coin(seed, row, 12) >= namesShare) return { action: 'DISLIKE', notices: [] };
      const v = at(round);
      const broken = v.limits.filter((l) => standingOf(l.trait)[row]! < l.cut).map((l) => TRAITS[l.trait]!.reason);
      const shortfalls = v.traits
        .map((t, i) => ({
          reason: TRAITS[t]!.reason,
          gap: i === v.familyOnly && !family(row) ? 0 : v.weights[i]! * (1 - standingOf(t)[row]!),
        }))
        .sort((a, b) => b.gap - a.gap)
        .map((x) => x.reason);
      const named = [...new Set([...broken, ...shortfalls])].slice(0, coin(seed, row, 13) < 0.3 ? 2 : 1);
      return { action: 'DISLIKE', notices: named };
    },
  };
}
