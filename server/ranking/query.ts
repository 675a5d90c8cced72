import { FLAG, type CityColumns } from './columns';
import { emptyPreference, featureVector, preferenceScore, type PreferenceModel } from './preference';
import { TopK } from './top-k';
import { IMPORTANCE_WEIGHT, WISH_BY_CODE, type Importance, type WishDefinition } from './wishes';

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
  preference?: PreferenceModel;
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

const isAnyDeadline = (d: number | undefined) => d === undefined || d === 0 || d === 300001;

/** Per-row test of one widenable dimension: 0 fails, 1 passes strictly, 2 passes only widened. */
type Check = (c: CityColumns, row: number) => 0 | 1 | 2;

function compileChecks(f: Filters, ext: Extensions = {}): Check[] {
  const checks: Check[] = [];
  const hasLocation = (f.areaIds?.length ?? 0) + (f.metroIds?.length ?? 0) > 0;
  if (hasLocation) {
    const areas = new Set(f.areaIds ?? []);
    const metros = new Set(f.metroIds ?? []);
    const extAreas = new Set([...(ext.location?.areaIds ?? [])]);
    const extMetros = new Set([...(ext.location?.metroIds ?? [])]);
    const widened = Boolean(ext.location);
    const near = (set: Set<number>, c: CityColumns, r: number) => set.has(c.metro0[r]!) || set.has(c.metro1[r]!) || set.has(c.metro2[r]!);
    checks.push((c, r) => {
      if (areas.has(c.areaId[r]!) || near(metros, c, r)) return 1;
      if (widened && (extAreas.has(c.areaId[r]!) || near(extMetros, c, r))) return 2;
      return 0;
    });
  }
  if (f.priceMin !== undefined || f.priceMax !== undefined) {
    const min = f.priceMin ?? 0;
    const max = f.priceMax ?? Infinity;
    const p = (ext.pricePercent ?? 0) / 100;
    checks.push((c, r) => {
      const price = c.price[r]!;
      if (price >= min && price <= max) return 1;
      return p > 0 && price >= min * (1 - p) && price <= max * (1 + p) ? 2 : 0;
    });
  }
  if (f.rooms && f.rooms.length > 0) {
    const rooms = new Set(f.rooms);
    const extRooms = new Set(ext.rooms ?? []);
    checks.push((c, r) => {
      const n = Math.min(4, c.rooms[r]!);
      return rooms.has(n) ? 1 : extRooms.has(n) ? 2 : 0;
    });
  }
  if (!isAnyDeadline(f.deadlineLte)) {
    const lte = f.deadlineLte!;
    const widened = ext.deadlineQuarters ? addQuarters(lte, ext.deadlineQuarters) : lte;
    // Finished houses satisfy any deadline.
    checks.push((c, r) => ((c.flags[r]! & FLAG.STAGE_PUT) !== 0 || c.deadline[r]! <= lte ? 1 : c.deadline[r]! <= widened ? 2 : 0));
  }
  if (f.realtyType) {
    const wantNew = f.realtyType === 'NEW';
    const otherAllowed = ext.realtyType !== undefined && ext.realtyType !== f.realtyType;
    checks.push((c, r) => (((c.flags[r]! & FLAG.NEW) !== 0) === wantNew ? 1 : otherAllowed ? 2 : 0));
  }
  // Dimensions that are never widened.
  const strict: Array<(c: CityColumns, r: number) => boolean> = [];
  if (f.areaTotalGte) strict.push((c, r) => c.areaTotal[r]! >= f.areaTotalGte!);
  if (f.areaKitchenGte) strict.push((c, r) => c.areaKitchen[r]! >= f.areaKitchenGte!);
  if (f.areaResidentialGte) strict.push((c, r) => c.areaResidential[r]! >= f.areaResidentialGte!);
  if (!isAnyDeadline(f.deadlineGte)) strict.push((c, r) => c.deadline[r]! >= f.deadlineGte!);
  if (f.stageIsPut) strict.push((c, r) => (c.flags[r]! & FLAG.STAGE_PUT) !== 0);
  if (f.isApartHotel !== undefined) strict.push((c, r) => ((c.flags[r]! & FLAG.APART_HOTEL) !== 0) === f.isApartHotel);
  if (f.renovation) strict.push((c, r) => ((c.flags[r]! & FLAG.RENOVATED) !== 0) === (f.renovation === 'FULLY_RENOVATED'));
  if (!f.includeSold) strict.push((c, r) => (c.flags[r]! & (FLAG.SOLD | FLAG.RESERVED)) === 0);
  if (strict.length > 0) checks.unshift((c, r) => (strict.every((test) => test(c, r)) ? 1 : 0));
  return checks;
}

/** 0 fails, 1 strict match, 2 alternative. */
function matchRow(checks: Check[], c: CityColumns, row: number): 0 | 1 | 2 {
  let result: 0 | 1 | 2 = 1;
  for (const check of checks) {
    const r = check(c, row);
    if (r === 0) return 0;
    if (r === 2) result = 2;
  }
  return result;
}

interface ActiveWish {
  wish: WishDefinition;
  weight: number;
}

function activeWishes(query: RankQuery): ActiveWish[] {
  const out: ActiveWish[] = [];
  for (const [list, factor] of [[query.wishes ?? [], 1], [query.portraitWishes ?? [], 0.5]] as const) {
    for (const { code, importance } of list) {
      const wish = WISH_BY_CODE.get(code);
      if (wish) out.push({ wish, weight: IMPORTANCE_WEIGHT[importance] * factor });
    }
  }
  return out;
}

/** One listing's score in 0…1 from wishes, learned taste, value for money and closeness to the target price. */
export function scoreRow(c: CityColumns, row: number, wishes: ActiveWish[], query: RankQuery, features: Float64Array): number {
  let total = 0;
  let weights = 0;
  for (const { wish, weight } of wishes) {
    total += weight * wish.satisfaction(c, row);
    weights += weight;
  }
  const preference = query.preference ?? emptyPreference();
  if (preference.updates > 0) {
    const w = Math.min(4, 1 + preference.updates * 0.4);
    total += w * preferenceScore(preference, featureVector(c, row, features));
    weights += w;
  }
  const ratio = c.fairRatio[row]!;
  total += 0.6 * (ratio <= 0.9 ? 1 : ratio >= 1.1 ? 0 : (1.1 - ratio) / 0.2);
  weights += 0.6;
  if (query.targetPrice) {
    const gap = Math.abs(c.price[row]! - query.targetPrice) / query.targetPrice;
    total += 1.5 * Math.max(0, 1 - gap * 2);
    weights += 1.5;
  }
  return total / weights;
}

/** Maps a score to the percent shown as the 'AI index': 0.5 → ~60 %, a perfect fit → 99 %. */
export function toRelevancePercent(score: number): number {
  return Math.max(1, Math.min(99, Math.round(100 * score ** 0.75)));
}

/** One pass over a city: filter, score, keep the top k. */
export function rank(c: CityColumns, query: RankQuery): RankResult {
  const checks = compileChecks(query.filters, query.extensions);
  const wishes = activeWishes(query);
  const top = new TopK(query.limit);
  const features = new Float64Array(11);
  let total = 0;
  let strictTotal = 0;
  for (let row = 0; row < c.size; row++) {
    const match = matchRow(checks, c, row);
    if (match === 0) continue;
    total++;
    if (match === 1) strictTotal++;
    if (query.exclude?.has(c.id[row]!)) continue;
    let score = scoreRow(c, row, wishes, query, features);
    if (match === 2) score *= ALTERNATIVE_PENALTY;
    // Encode the alternative flag in the sign-free fraction: strict wins ties.
    top.push(score + (match === 1 ? 1e-9 : 0), match === 2 ? -(row + 1) : row);
  }
  const items = top.drain().map(({ row: encoded, score }) => {
    const isAlternative = encoded < 0;
    const row = isAlternative ? -encoded - 1 : encoded;
    return { row, id: c.id[row]!, score, relevancePercent: toRelevancePercent(score), isAlternative };
  });
  return { items, total, strictTotal };
}
