import { isAnyDeadline } from '@kvarta/contract/lira-rules';
import { FLAG, type CityColumns } from './columns';
import { diversify } from './diversify';
import { likeChanceOf, toRelevancePercent } from './calibration';
import { acceptanceOf, learnTaste, type Taste, type TasteRating } from './taste/model';
import { TopK } from './top-k';
import { IMPORTANCE_WEIGHT, WISHES } from './wishes';
import type { Importance } from '../core/model';

/** Hard filters (the LIRA/TOP payload, already decoded). Absent = any. */
export interface Filters {
  areaIds?: readonly number[];
  metroIds?: readonly number[];
  priceMin?: number;
  priceMax?: number;
  /** Room counts; 4 means "4 and more". */
  rooms?: readonly number[];
  areaTotalGte?: number;
  areaKitchenGte?: number;
  areaResidentialGte?: number;
  /** year × 10 + quarter; 0 and 300001 mean any. */
  deadlineLte?: number;
  deadlineGte?: number;
  stageIsPut?: boolean;
  realtyType?: 'NEW' | 'RESALE';
  isApartHotel?: boolean;
  renovation?: 'FULLY_RENOVATED' | 'UNRENOVATED';
  /** Sold and reserved listings are left out unless asked for. */
  includeSold?: boolean;
}

/** Active extensions widen the filters; what passes only thanks to them is an alternative. */
export interface Extensions {
  location?: { areaIds: readonly number[]; metroIds: readonly number[] };
  pricePercent?: number;
  rooms?: readonly number[];
  deadlineQuarters?: number;
  realtyType?: 'NEW' | 'RESALE';
}

export interface WishWeight {
  code: string;
  importance: Importance;
}

export interface RankQuery {
  filters: Filters;
  extensions?: Extensions;
  wishes?: readonly WishWeight[];
  /** Priors of the buyer portrait: count half as much as the user's own wishes. */
  portraitWishes?: readonly WishWeight[];
  /** The user's likes and dislikes (any city), which the taste model learns from (taste/model.ts). */
  ratings?: readonly TasteRating[];
  /** Seeds the exploration: the same seed and ratings give the same page, so paging and reloading are stable. */
  seed?: number;
  /** TOP: the user's target price; listings near it rank higher. */
  targetPrice?: number;
  exclude?: ReadonlySet<number>;
  limit: number;
}

export interface RankedRow {
  row: number;
  id: number;
  score: number;
  relevancePercent: number;
  isAlternative: boolean;
}

export interface RankResult {
  items: RankedRow[];
  /** How many listings pass the filters (strictly or as alternatives). */
  total: number;
  strictTotal: number;
}

const ALTERNATIVE_PENALTY = 0.85;

function addQuarters(deadline: number, quarters: number): number {
  const year = Math.floor(deadline / 10);
  const q = (deadline % 10) - 1 + quarters;
  return (year + Math.floor(q / 4)) * 10 + (q % 4) + 1;
}

/**
 * The filters compiled to plain numbers and bit masks, so one monomorphic function
 * tests a row without closures (closures cost ~3× on 300k rows).
 */
interface MatchSpec {
  flagMask: number;
  flagValue: number;
  areaTotalGte: number;
  areaKitchenGte: number;
  areaResidentialGte: number;
  deadlineGte: number;
  priceMin: number;
  priceMax: number;
  widePriceMin: number;
  widePriceMax: number;
  /** Bit n set = n rooms allowed (bit 4 = 4+); 31 = any. */
  roomMask: number;
  wideRoomMask: number;
  deadlineLte: number;
  wideDeadlineLte: number;
  /** -1 any, else the FLAG.NEW bit wanted; `realtyWide` allows the other one as an alternative. */
  realtyNew: number;
  realtyWide: boolean;
  location: { areas: Set<number>; metros: Set<number>; wideAreas: Set<number>; wideMetros: Set<number>; widened: boolean } | null;
}

const roomMask = (rooms: readonly number[] | undefined) => (rooms ?? []).reduce((m, n) => m | (1 << Math.min(4, Math.max(0, n))), 0);

function compileSpec(f: Filters, ext: Extensions = {}): MatchSpec {
  let flagMask = 0;
  let flagValue = 0;
  if (!f.includeSold) flagMask |= FLAG.SOLD | FLAG.RESERVED;
  if (f.stageIsPut) {
    flagMask |= FLAG.STAGE_PUT;
    flagValue |= FLAG.STAGE_PUT;
  }
  if (f.isApartHotel !== undefined) {
    flagMask |= FLAG.APART_HOTEL;
    flagValue |= f.isApartHotel ? FLAG.APART_HOTEL : 0;
  }
  if (f.renovation) {
    // Only a stated finishing matches: «без отделки» never returns a flat whose source does not say.
    flagMask |= FLAG.RENOVATED | FLAG.RENOVATION_KNOWN;
    flagValue |= FLAG.RENOVATION_KNOWN | (f.renovation === 'FULLY_RENOVATED' ? FLAG.RENOVATED : 0);
  }
  const p = (ext.pricePercent ?? 0) / 100;
  const priceMin = f.priceMin ?? 0;
  const priceMax = f.priceMax ?? Infinity;
  const rooms = f.rooms && f.rooms.length > 0 ? roomMask(f.rooms) : 31;
  const lte = isAnyDeadline(f.deadlineLte) ? Infinity : f.deadlineLte;
  const hasLocation = (f.areaIds?.length ?? 0) + (f.metroIds?.length ?? 0) > 0;
  return {
    flagMask,
    flagValue,
    areaTotalGte: f.areaTotalGte ?? 0,
    areaKitchenGte: f.areaKitchenGte ?? 0,
    areaResidentialGte: f.areaResidentialGte ?? 0,
    deadlineGte: isAnyDeadline(f.deadlineGte) ? 0 : f.deadlineGte,
    priceMin,
    priceMax,
    widePriceMin: priceMin * (1 - p),
    widePriceMax: priceMax * (1 + p),
    roomMask: rooms,
    wideRoomMask: rooms | roomMask(ext.rooms),
    deadlineLte: lte,
    wideDeadlineLte: lte !== Infinity && ext.deadlineQuarters ? addQuarters(lte, ext.deadlineQuarters) : lte,
    realtyNew: f.realtyType ? (f.realtyType === 'NEW' ? FLAG.NEW : 0) : -1,
    realtyWide: ext.realtyType !== undefined && ext.realtyType !== f.realtyType,
    location: hasLocation
      ? {
          areas: new Set(f.areaIds ?? []),
          metros: new Set(f.metroIds ?? []),
          wideAreas: new Set(ext.location?.areaIds ?? []),
          wideMetros: new Set(ext.location?.metroIds ?? []),
          widened: Boolean(ext.location),
        }
      : null,
  };
}

const nearAny = (set: Set<number>, c: CityColumns, r: number) => set.has(c.metro0[r]!) || set.has(c.metro1[r]!) || set.has(c.metro2[r]!);

/** 0 fails, 1 strict match, 2 passes only thanks to an extension (an alternative). */
function matchRow(c: CityColumns, r: number, s: MatchSpec): 0 | 1 | 2 {
  const flags = c.flags[r]!;
  if ((flags & s.flagMask) !== s.flagValue) return 0;
  if (c.areaTotal[r]! < s.areaTotalGte || c.areaKitchen[r]! < s.areaKitchenGte || c.areaResidential[r]! < s.areaResidentialGte) return 0;
  if (c.deadline[r]! < s.deadlineGte) return 0;
  let result: 0 | 1 | 2 = 1;
  const price = c.price[r]!;
  if (price < s.priceMin || price > s.priceMax) {
    if (price < s.widePriceMin || price > s.widePriceMax) return 0;
    result = 2;
  }
  const roomBit = 1 << Math.min(4, c.rooms[r]!);
  if ((s.roomMask & roomBit) === 0) {
    if ((s.wideRoomMask & roomBit) === 0) return 0;
    result = 2;
  }
  // Finished houses satisfy any deadline.
  if (c.deadline[r]! > s.deadlineLte && (flags & FLAG.STAGE_PUT) === 0) {
    if (c.deadline[r]! > s.wideDeadlineLte) return 0;
    result = 2;
  }
  if (s.realtyNew >= 0 && (flags & FLAG.NEW) !== s.realtyNew) {
    if (!s.realtyWide) return 0;
    result = 2;
  }
  const loc = s.location;
  if (loc && !loc.areas.has(c.areaId[r]!) && !nearAny(loc.metros, c, r)) {
    if (!loc.widened || (!loc.wideAreas.has(c.areaId[r]!) && !nearAny(loc.wideMetros, c, r))) return 0;
    result = 2;
  }
  return result;
}

const WISH_INDEX = new Map(WISHES.map((w, i) => [w.code, i]));

/** Weight per wish (WISHES order); a wish named twice keeps the larger weight. */
function wishWeights(query: RankQuery): Float64Array {
  const weights = new Float64Array(WISHES.length);
  for (const [list, factor] of [
    [query.wishes ?? [], 1],
    [query.portraitWishes ?? [], 0.5],
  ] as const) {
    for (const { code, importance } of list) {
      const index = WISH_INDEX.get(code);
      if (index !== undefined) weights[index] = Math.max(weights[index]!, IMPORTANCE_WEIGHT[importance] * factor);
    }
  }
  return weights;
}

interface Scorer {
  wishIndex: Int32Array;
  wishWeight: Float64Array;
  wishTotal: number;
  taste: Taste;
  targetPrice: number;
}

/**
 * Thompson sampling's share of the page: a third of the pull before any rating, fading as ratings come in, so the
 * first pages try a little of the space and later ones use what was learned (tuned on bench/quality.ts).
 */
const EXPLORATION = 0.3;
const explorationAfter = (ratings: number) => EXPLORATION / (1 + ratings / 8);

/** `explore`: false scores with the posterior's mean alone, as the index a listing shows. */
function compileScorer(c: CityColumns, query: RankQuery, explore = true): Scorer {
  const weights = wishWeights(query);
  const used = [...weights.keys()].filter((i) => weights[i]! > 0);
  const ratings = query.ratings ?? [];
  const taste = learnTaste(c.tasteEdges, ratings, {
    wishes: used.map((i) => WISHES[i]!.code),
    statedPrice: (query.targetPrice ?? 0) > 0,
    explore: explore ? explorationAfter(ratings.length) : 0,
    // Before any rating everyone explores alike, so a first visit's TOP is the same before and after the session
    // starts; after that each user's exploration is their own.
    seed: ratings.length > 0 ? (query.seed ?? 0) * 7919 + ratings.length : 0,
  });
  return {
    wishIndex: Int32Array.from(used),
    wishWeight: Float64Array.from(used.map((i) => weights[i]!)),
    wishTotal: used.reduce((s, i) => s + weights[i]!, 0),
    taste,
    targetPrice: query.targetPrice ?? 0,
  };
}

/** What the buyer's own model says of a listing, in 0…1: the chance the learned taste accepts it, weighed by the stated wishes. */
function buyerScore(c: CityColumns, row: number, s: Scorer): number {
  let score = acceptanceOf(s.taste, c, row);
  if (s.wishTotal > 0) {
    let wished = 0;
    const base = row * WISHES.length;
    for (let i = 0; i < s.wishIndex.length; i++) wished += s.wishWeight[i]! * c.wishSatisfaction[base + s.wishIndex[i]!]!;
    score *= 0.5 + (0.5 * wished) / 255 / s.wishTotal;
  }
  return score;
}

/**
 * One listing's score in 0…1 as a list ranks it: the buyer's score, tilted towards value for money and towards the
 * target price. The tilts choose the order only; the index (shownChance) reads the buyer's score alone.
 */
function scoreRow(c: CityColumns, row: number, s: Scorer): number {
  let score = buyerScore(c, row, s);
  const ratio = c.fairRatio[row]!;
  score *= 0.85 + 0.15 * (ratio <= 0.9 ? 1 : ratio >= 1.1 ? 0 : (1.1 - ratio) / 0.2);
  if (s.targetPrice > 0) {
    const gap = Math.abs(c.price[row]! - s.targetPrice) / s.targetPrice;
    score *= 0.15 + 0.85 * Math.max(0, 1 - gap * 2);
  }
  return score;
}

/** One pass over a city: filter, score, keep the top k. */
export function rank(c: CityColumns, query: RankQuery): RankResult {
  const spec = compileSpec(query.filters, query.extensions);
  const scorer = compileScorer(c, query);
  // A wider pool than the page, so the variety rules below have somewhere to go.
  const top = new TopK(query.limit * 3 + 30);
  let total = 0;
  let strictTotal = 0;
  for (let row = 0; row < c.size; row++) {
    const match = matchRow(c, row, spec);
    if (match === 0) continue;
    total++;
    if (match === 1) strictTotal++;
    if (query.exclude?.has(c.id[row]!)) continue;
    let score = scoreRow(c, row, scorer);
    if (match === 2) score *= ALTERNATIVE_PENALTY;
    // Encode the alternative flag in the sign-free fraction: strict wins ties.
    top.push(score + (match === 1 ? 1e-9 : 0), match === 2 ? -(row + 1) : row);
  }
  const ranked = top.drain().map(({ row: encoded, score }) => {
    const isAlternative = encoded < 0;
    const row = isAlternative ? -encoded - 1 : encoded;
    return { row, id: c.id[row]!, score, relevancePercent: 0, isAlternative };
  });
  // Exploration picks what to show; the index shown is the buyer's model's own estimate of the flat (aiIndex), the
  // same number every surface shows: no sampled pull, no value or target-price tilt, no alternative's penalty (the query's).
  const index = aiIndex(c, { wishes: query.wishes ?? [], portraitWishes: query.portraitWishes ?? [], ratings: query.ratings ?? [] });
  const items = diversify(c, ranked, query.limit);
  for (const item of items) item.relevancePercent = index(item.row);
  return { items: keepIndexOrder(items), total, strictTotal };
}

/**
 * What a buyer's AI index is a function of (with the flat): their stated wishes and the portrait's priors, and the
 * ratings they gave anywhere. Filters, extensions, the target price and the exploration seed only choose and order
 * what a list shows.
 */
export interface BuyerModel {
  wishes: readonly WishWeight[];
  portraitWishes: readonly WishWeight[];
  ratings: readonly TasteRating[];
}

const modelOf = (query: Pick<RankQuery, 'wishes' | 'portraitWishes' | 'ratings'>): RankQuery => ({
  filters: {},
  wishes: query.wishes ?? [],
  portraitWishes: query.portraitWishes ?? [],
  ratings: query.ratings ?? [],
  limit: 1,
});

/** A list ranked for this buyer: the query's filters and order, the model's wishes and ratings. */
export function withBuyerModel(query: RankQuery, model: BuyerModel): RankQuery {
  return { ...query, wishes: model.wishes, portraitWishes: model.portraitWishes, ratings: model.ratings };
}

/** How far a card's index may stand above one shown before it. */
export const ORDER_TOLERANCE = 10;

/**
 * The order a buyer reads as ranked: exploration, the target price and the variety rule pick the order, but no card
 * shows an index more than ORDER_TOLERANCE points above a card before it. Each place goes to the first card (in the
 * preferred order) within the tolerance of the best index still to place, which bounds every later card by it.
 */
function keepIndexOrder<T extends { relevancePercent: number }>(items: readonly T[]): T[] {
  const left = [...items];
  const out: T[] = [];
  while (left.length > 0) {
    const best = left.reduce((m, x) => Math.max(m, x.relevancePercent), 0);
    const at = left.findIndex((x) => x.relevancePercent >= best - ORDER_TOLERANCE);
    out.push(left.splice(at, 1)[0]!);
  }
  return out;
}

/**
 * The model's chance of a like for a listing, as its index shows it (calibration.ts). A listing the buyer disliked
 * never shows a higher index than before that dislike: the model may read the reasons as "everything else was fine"
 * and lift the listing's other facts, but telling a buyer that a flat they just turned down suits them better is
 * wrong, so the lower of the two stands (each with the reading of the ratings of its own model).
 */
function shownChance(c: CityColumns, row: number, query: RankQuery, shown: Scorer): number {
  const chance = likeChanceOf(buyerScore(c, row, shown), shown.taste.limits);
  const ratings = query.ratings ?? [];
  const id = c.id[row];
  const own = ratings.findIndex((r) => !r.liked && r.apartmentId === id);
  if (own < 0) return chance;
  const before = compileScorer(c, { ...query, ratings: ratings.filter((_, i) => i !== own) }, false);
  return Math.min(chance, likeChanceOf(buyerScore(c, row, before), before.taste.limits));
}

/**
 * One listing for a buyer's model (only its wishes and ratings count), without scanning the city: the buyer's score
 * (the chance the learned taste accepts it, weighed by the wishes), the chance of a like the index shows, and the index.
 */
export function scoreListing(c: CityColumns, row: number, query: RankQuery): { score: number; chance: number; relevancePercent: number } {
  const model = modelOf(query);
  const scorer = compileScorer(c, model, false);
  const chance = shownChance(c, row, model, scorer);
  return { score: buyerScore(c, row, scorer), chance, relevancePercent: toRelevancePercent(chance) };
}

/**
 * THE AI index: one function of the buyer's model and the flat (its row in its city), whichever surface or list shows
 * it; rank() gives its items the same. Curried so a list compiles the model (learns its taste) once, not once per flat.
 */
export function aiIndex(c: CityColumns, model: BuyerModel): (row: number) => number {
  const query = modelOf(model);
  const scorer = compileScorer(c, query, false);
  return (row) => toRelevancePercent(shownChance(c, row, query, scorer));
}
