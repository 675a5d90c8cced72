/**
 * Buyers without hard limits (bench/quality.ts): they trade things off. Each weighs 4 of the traits a card or an
 * apartment page shows (a little further from the metro for a bigger kitchen), scores a listing by the weighted sum
 * of where it stands on each trait among the listings their filters let through (0 = the worst, 1 = the best), and
 * likes it when that sum clears their own threshold. 10 % of their clicks are mistakes; on 60 % of dislikes they name
 * the trait that fell shortest. A buyer who changes their mind swaps one weighed trait for another after round 2.
 */
import type { Random } from '../server/catalog/reference';
import { FLAG, INFRA_ORDER, NO_METRO_MINUTES } from '../server/ranking/constants';
import type { CityColumns } from '../server/ranking';

export interface Trait {
  reason: string;
  /** The trait's value; `better` says which way the buyer prefers it. */
  value: (c: CityColumns, r: number) => number;
  better: 'higher' | 'lower';
}

const infra = (kind: string) => {
  const k = INFRA_ORDER.indexOf(kind as (typeof INFRA_ORDER)[number]);
  return (c: CityColumns, r: number) => c.infra[r * INFRA_ORDER.length + k]!;
};

export const SOFT_TRAITS: readonly Trait[] = [
  { reason: 'PRICE', value: (c, r) => c.price[r]!, better: 'lower' },
  { reason: 'AREA', value: (c, r) => c.areaTotal[r]!, better: 'higher' },
  { reason: 'KITCHEN', value: (c, r) => c.areaKitchen[r]!, better: 'higher' },
  { reason: 'METRO', value: (c, r) => (c.metroMinutes[r] === NO_METRO_MINUTES ? 90 : c.metroMinutes[r]!), better: 'lower' },
  { reason: 'CENTRE', value: (c, r) => c.centreKm[r]!, better: 'lower' },
  { reason: 'FLOOR', value: (c, r) => (c.floors[r]! > 1 ? (c.floor[r]! - 1) / (c.floors[r]! - 1) : 0.5), better: 'higher' },
  { reason: 'RENOVATION', value: (c, r) => (c.flags[r]! & FLAG.RENOVATED ? 1 : 0), better: 'higher' },
  { reason: 'DEADLINE', value: (c, r) => (c.flags[r]! & FLAG.STAGE_PUT ? 0 : c.deadline[r]!), better: 'lower' },
  { reason: 'INFRASTRUCTURE', value: infra('SCHOOL'), better: 'lower' },
  { reason: 'INFRASTRUCTURE', value: infra('PARK'), better: 'lower' },
];

const TRAITS_WEIGHED = 4;
const MISCLICK = 0.1;
const NAMES_WORST = 0.6;
/** Pages 0 and 1 are rated with the first taste; from page 2 on, the swapped one. */
export const CHANGE_AFTER_ROUND = 2;

/** A deterministic coin per buyer, listing and purpose, so the engine and the baselines meet the same buyer. */
export function coin(seed: number, row: number, salt: number): number {
  let h = Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(row + 1, 0xc2b2ae35) ^ Math.imul(salt + 7, 0x27d4eb2f);
  h = Math.imul(h ^ (h >>> 15), h | 1);
  h ^= h + Math.imul(h ^ (h >>> 7), h | 61);
  return ((h ^ (h >>> 14)) >>> 0) / 4294967296;
}

/** Each row's standing on a trait among the pool (ties share the middle), 0 = worst … 1 = best; NaN outside it. */
export function standing(c: CityColumns, pool: readonly number[], trait: Trait): Float64Array {
  const sorted = Float64Array.from(pool, (r) => trait.value(c, r)).sort();
  // The first index holding a value above v (orEqual) or at least v: both ends of v's ties, found by bisection.
  const bisect = (v: number, orEqual: boolean) => {
    let lo = 0;
    let hi = sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (sorted[mid]! < v || (orEqual && sorted[mid] === v)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  const out = new Float64Array(c.size).fill(Number.NaN);
  for (let r = 0; r < c.size; r++) {
    const v = trait.value(c, r);
    const q = (bisect(v, false) + bisect(v, true)) / 2 / sorted.length;
    out[r] = trait.better === 'higher' ? q : 1 - q;
  }
  return out;
}

interface Weighing {
  traits: number[];
  weights: number[];
  threshold: number;
}

export interface SoftTaste {
  /** The buyer really likes the listing (what the benchmark counts), at this page. */
  likes: (row: number, round: number) => boolean;
  /** What the buyer clicks: the verdict, 10 % of the time the wrong one, and the worst trait on 60 % of dislikes. */
  react: (row: number, round: number) => { action: 'LIKE' | 'DISLIKE'; notices: string[] };
  /** For the bench's oracle only (bench/oracle.ts): how far inside (≥ 0, liked) or outside the liking a flat stands. */
  sureness?: (row: number, round: number) => number;
}

export function softTaste(c: CityColumns, pool: readonly number[], random: Random, seed: number, changeOfMind: boolean): SoftTaste {
  const standings = new Map<number, Float64Array>();
  const standingOf = (t: number) => {
    let s = standings.get(t);
    if (!s) standings.set(t, (s = standing(c, pool, SOFT_TRAITS[t]!)));
    return s;
  };
  const order = SOFT_TRAITS.map((_, i) => ({ i, k: random.next() }))
    .sort((a, b) => a.k - b.k)
    .map((x) => x.i);
  const raw = order.slice(0, TRAITS_WEIGHED).map(() => 0.3 + random.next());
  const sum = raw.reduce((s, w) => s + w, 0);
  const likedShare = 0.15 + random.next() * 0.15;
  const weighing = (traits: number[]): Weighing => {
    const weights = raw.map((w) => w / sum);
    const utilities = pool.map((r) => utility({ traits, weights, threshold: 0 }, r)).sort((a, b) => a - b);
    return { traits, weights, threshold: utilities[Math.floor(utilities.length * (1 - likedShare))]! };
  };
  const utility = (w: Weighing, r: number) => w.traits.reduce((s, t, i) => s + w.weights[i]! * standingOf(t)[r]!, 0);
  const before = weighing(order.slice(0, TRAITS_WEIGHED));
  // One weighed trait makes way for one the buyer did not care about (not the same reason under another name).
  const swapped = [...before.traits];
  const out = random.int(0, TRAITS_WEIGHED - 1);
  const incoming = order.slice(TRAITS_WEIGHED).find((t) => SOFT_TRAITS[t]!.reason !== SOFT_TRAITS[swapped[out]!]!.reason)!;
  swapped[out] = incoming;
  const after = changeOfMind ? weighing(swapped) : before;
  const at = (round: number) => (round >= CHANGE_AFTER_ROUND ? after : before);
  const likes = (row: number, round: number) => {
    const w = at(round);
    return utility(w, row) >= w.threshold;
  };
  return {
    likes,
    react: (row, round) => {
      const liked = likes(row, round) !== coin(seed, row, 1) < MISCLICK;
      if (liked) return { action: 'LIKE', notices: [] };
      if (coin(seed, row, 2) >= NAMES_WORST) return { action: 'DISLIKE', notices: [] };
      const w = at(round);
      let worst = 0;
      w.traits.forEach((t, i) => {
        if (w.weights[i]! * (1 - standingOf(t)[row]!) > w.weights[worst]! * (1 - standingOf(w.traits[worst]!)[row]!)) worst = i;
      });
      return { action: 'DISLIKE', notices: [SOFT_TRAITS[w.traits[worst]!]!.reason] };
    },
  };
}
