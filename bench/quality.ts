/**
 * Quality of the engine's learning with simulated buyers the engine knows nothing about. Each buyer hides
 * what they want; shown a listing, they like it when it fits everything hidden and otherwise dislike it, naming
 * reasons. Four rounds: the engine suggests 10, the buyer rates them, the engine learns from the ratings through the
 * same code the server uses (server/ranking: Engine.ratings → rank), and we count the liked share of every page.
 *
 * Compared with: the base rate (share of everything the filters let through), two plain sorts (newest and cheapest
 * first) and a textbook learner: an L2 logistic regression trained on the same ratings over the same visible facts,
 * ranking a spread-out sample of 900 listings. Two populations: `taste` buyers state rooms and a price window and hide
 * tastes relative to that window (naming at most two reasons); `constraint` buyers start anonymous with nothing
 * stated and hide three hard constraints over price, kitchen, floor, metro minutes, finishing, area and deadline
 * (naming every one that is not met).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parsePriceLevels, Random, toCityInputs } from '../server/catalog/reference';
import { generateCatalogue } from '../server/demo/generator/generate';
import type { RawCity, RawMetroCity } from '../server/catalog/reference';
import { FLAG, INFRA_ORDER, NO_METRO_MINUTES } from '../server/ranking/constants';
import { buildColumns, rank, scoreListing, topRankQuery, type CityColumns, type RankQuery, type TasteRating } from '../server/ranking';
import { tasteRatings } from '../server/ranking/taste/ratings';
import { trainLogistic, trainReasonAware, visibleFacts, type RatedWithReasons } from './logistic';
import { printReliability, type Prediction } from './reliability';
import { HELD_OUT_SEEDS, heldOutTaste } from './held-out';
import { oracleShares } from './oracle';
import { softTaste, type SoftTaste } from './soft-taste';

const dataDir = fileURLToPath(new URL('../server/catalog/data/', import.meta.url));
const read = (name: string) => readFileSync(`${dataDir}${name}`, 'utf8');

type Check = { reason: string; fits: (c: CityColumns, row: number) => boolean };

export interface Buyer {
  /** Stated filters: none for an anonymous constraint buyer. */
  rooms?: number[];
  priceMin?: number;
  priceMax?: number;
  hidden: Check[];
  /** How many unmet reasons the buyer names on a dislike. */
  namesUpTo: number;
  /** A buyer who trades things off (bench/soft-taste.ts, bench/held-out.ts): their verdicts replace the hidden checks. */
  soft?: SoftTaste;
}

const quantile = (sorted: ArrayLike<number>, q: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.floor(sorted.length * q)))]!;
const sortedValues = (rows: number[], value: (r: number) => number) => Float64Array.from(rows, value).sort();
const metroMinutes = (c: CityColumns, r: number) => (c.metroMinutes[r] === NO_METRO_MINUTES ? 90 : c.metroMinutes[r]!);

const ROOM_CHOICES = [[1], [1, 2], [2], [2, 3], [3], [0, 1]];
const SCHOOL = INFRA_ORDER.indexOf('SCHOOL');
const PARK = INFRA_ORDER.indexOf('PARK');

function inStock(c: CityColumns, r: number): boolean {
  return (c.flags[r]! & (FLAG.RESERVED | FLAG.SOLD)) === 0;
}

/** The first population (the benchmark's original one): a stated price window and rooms, 3 of 5 tastes within it. */
export function tasteBuyer(c: CityColumns, random: Random): Buyer | null {
  const rooms = random.pick(ROOM_CHOICES);
  const roomRows = [...Array(c.size).keys()].filter((r) => inStock(c, r) && rooms.includes(Math.min(4, c.rooms[r]!)));
  const priceMax = quantile(
    sortedValues(roomRows, (r) => c.price[r]!),
    0.35 + random.next() * 0.45,
  );
  const priceMin = priceMax * 0.5;
  const pool = roomRows.filter((r) => c.price[r]! >= priceMin && c.price[r]! <= priceMax);
  if (pool.length < 300) return null;
  const mid = (value: (r: number) => number) => quantile(sortedValues(pool, value), 0.4 + random.next() * 0.2);
  const price = mid((r) => c.price[r]!);
  const metro = mid((r) => metroMinutes(c, r));
  const centre = mid((r) => c.centreKm[r]!);
  const kitchen = mid((r) => c.areaKitchen[r]!);
  const school = mid((r) => c.infra[r * INFRA_ORDER.length + SCHOOL]!);
  const park = mid((r) => c.infra[r * INFRA_ORDER.length + PARK]!);
  const all: Check[] = [
    { reason: 'PRICE', fits: (cc, r) => cc.price[r]! <= price },
    random.chance(0.5)
      ? { reason: 'METRO', fits: (cc, r) => metroMinutes(cc, r) <= metro }
      : { reason: 'CENTRE', fits: (cc, r) => cc.centreKm[r]! <= centre },
    random.chance(0.6)
      ? { reason: 'FLOOR', fits: (cc, r) => cc.floor[r]! > 1 && (cc.floors[r]! <= 1 || (cc.floor[r]! - 1) / (cc.floors[r]! - 1) >= 0.4) }
      : { reason: 'FLOOR', fits: (cc, r) => cc.floor[r]! > 1 && cc.floor[r]! <= 6 },
    { reason: 'KITCHEN', fits: (cc, r) => cc.areaKitchen[r]! >= kitchen },
    random.chance(0.5)
      ? { reason: 'INFRASTRUCTURE', fits: (cc, r) => cc.infra[r * INFRA_ORDER.length + SCHOOL]! <= school }
      : { reason: 'INFRASTRUCTURE', fits: (cc, r) => cc.infra[r * INFRA_ORDER.length + PARK]! <= park },
  ];
  return { rooms, priceMin, priceMax, hidden: pickThree(all, random), namesUpTo: 2 };
}

/**
 * The second population: anonymous, nothing stated, three hard constraints over facts a card shows, each with its
 * threshold somewhere in the middle of the city's market, so about one listing in eight fits all three.
 */
export function constraintBuyer(c: CityColumns, random: Random): Buyer {
  const rows = [...Array(c.size).keys()].filter((r) => inStock(c, r));
  const at = (value: (r: number) => number) => quantile(sortedValues(rows, value), 0.35 + random.next() * 0.3);
  const price = at((r) => c.price[r]!);
  const kitchen = at((r) => c.areaKitchen[r]!);
  const metro = at((r) => metroMinutes(c, r));
  const area = at((r) => c.areaTotal[r]!);
  const deadline = at((r) => (c.flags[r]! & FLAG.STAGE_PUT ? 0 : c.deadline[r]!));
  const floorShare = (cc: CityColumns, r: number) => (cc.floors[r]! > 1 ? (cc.floor[r]! - 1) / (cc.floors[r]! - 1) : 0.5);
  const floor = random.pick<Check>([
    { reason: 'FLOOR', fits: (cc, r) => cc.floor[r]! >= 4 },
    { reason: 'FLOOR', fits: (cc, r) => cc.floor[r]! > 1 && cc.floor[r]! <= 8 },
    { reason: 'FLOOR', fits: (cc, r) => floorShare(cc, r) > 0.2 && floorShare(cc, r) < 0.9 },
  ]);
  const finished = random.chance(0.7);
  const all: Check[] = [
    { reason: 'PRICE', fits: (cc, r) => cc.price[r]! <= price },
    { reason: 'KITCHEN', fits: (cc, r) => cc.areaKitchen[r]! >= kitchen },
    floor,
    { reason: 'METRO', fits: (cc, r) => metroMinutes(cc, r) <= metro },
    { reason: 'RENOVATION', fits: (cc, r) => Boolean(cc.flags[r]! & FLAG.RENOVATED) === finished },
    random.chance(0.7)
      ? { reason: 'AREA', fits: (cc, r) => cc.areaTotal[r]! >= area }
      : { reason: 'AREA', fits: (cc, r) => Math.abs(cc.areaTotal[r]! - area) <= area * 0.2 },
    { reason: 'DEADLINE', fits: (cc, r) => (cc.flags[r]! & FLAG.STAGE_PUT ? 0 : cc.deadline[r]!) <= deadline },
  ];
  return { hidden: pickThree(all, random), namesUpTo: 3 };
}

function pickThree(all: Check[], random: Random): Check[] {
  return all
    .map((t) => ({ t, k: random.next() }))
    .sort((a, b) => a.k - b.k)
    .slice(0, 3)
    .map((x) => x.t);
}

/**
 * The third and fourth populations: rooms stated, nothing hidden but a weighted taste over what the API shows
 * (bench/soft-taste.ts), with or without a change of mind after round 2.
 */
export function softBuyer(c: CityColumns, random: Random, seed: number, changeOfMind: boolean): Buyer | null {
  const rooms = random.pick(ROOM_CHOICES);
  const pool = [...Array(c.size).keys()].filter((r) => inStock(c, r) && rooms.includes(Math.min(4, c.rooms[r]!)));
  if (pool.length < 300) return null;
  return { rooms, hidden: [], namesUpTo: 1, soft: softTaste(c, pool, random, seed, changeOfMind) };
}

/** The held-out family (bench/held-out.ts): rooms stated by most, a price ceiling by some, nothing by a few. */
export function heldOutBuyer(c: CityColumns, random: Random, seed: number): Buyer | null {
  const rooms = random.pick<number[] | null>([[1, 2], [1, 2, 3], [2, 3], [0, 1, 2], [1], null]) ?? undefined;
  const roomRows = [...Array(c.size).keys()].filter((r) => inStock(c, r) && (!rooms || rooms.includes(Math.min(4, c.rooms[r]!))));
  const priceMax = random.chance(0.3)
    ? quantile(
        sortedValues(roomRows, (r) => c.price[r]!),
        0.6 + random.next() * 0.3,
      )
    : undefined;
  const pool = roomRows.filter((r) => priceMax === undefined || c.price[r]! <= priceMax);
  if (pool.length < 300) return null;
  const soft = heldOutTaste(c, pool, random, seed);
  return soft && { rooms, priceMax, hidden: [], namesUpTo: 2, soft };
}

/**
 * What the buyer clicks on a listing shown at page `round`: LIKE when everything hidden fits; otherwise DISLIKE
 * naming unmet reasons, in the order they come to mind.
 */
export function react(buyer: Buyer, c: CityColumns, row: number, round = 0): { action: 'LIKE' | 'DISLIKE'; notices: string[] } {
  if (buyer.soft) return buyer.soft.react(row, round);
  const unmet = buyer.hidden.filter((t) => !t.fits(c, row)).map((t) => t.reason);
  return unmet.length === 0 ? { action: 'LIKE', notices: [] } : { action: 'DISLIKE', notices: unmet.slice(0, buyer.namesUpTo) };
}

/** Whether the buyer really likes the listing at page `round` (a misclick is not a like). */
export function likes(buyer: Buyer, c: CityColumns, row: number, round = ROUNDS): boolean {
  return buyer.soft ? buyer.soft.likes(row, round) : react(buyer, c, row).action === 'LIKE';
}

function passesFilters(buyer: Buyer, c: CityColumns, r: number): boolean {
  if (!inStock(c, r)) return false;
  if (buyer.priceMin !== undefined && c.price[r]! < buyer.priceMin) return false;
  if (buyer.priceMax !== undefined && c.price[r]! > buyer.priceMax) return false;
  return !buyer.rooms || buyer.rooms.includes(Math.min(4, c.rooms[r]!));
}

/** The engine's query for this buyer: the AI-search filters when stated, else a first-visit TOP with nothing set. */
function engineQuery(buyer: Buyer, c: CityColumns, ratings: TasteRating[], exclude: Set<number>, seed: number): RankQuery {
  const filters = buyer.rooms || buyer.priceMax ? { priceMin: buyer.priceMin, priceMax: buyer.priceMax, rooms: buyer.rooms } : {};
  const top = topRankQuery({}, 10, { ratings, seed });
  return { ...top, filters: { ...top.filters, ...filters }, exclude };
}

export const ROUNDS = 3;
const PAGE = 10;
const SAMPLE = 900;

export interface BuyerRun {
  /** Liked share of the engine's page after 0…ROUNDS rounds of ratings. */
  engine: number[];
  /** The logistic baseline trained on the same ratings, after 0…ROUNDS rounds. */
  logistic: number[];
  /** The logistic baseline choosing its own pages and learning from its own ratings (a fairer bar: see below). */
  logisticOwn: number[];
  /** The reason-aware baseline (bench/logistic.ts trainReasonAware), on the engine's ratings and on its own. */
  reasonAware: number[];
  reasonAwareOwn: number[];
  /** The ceiling (bench/oracle.ts), for buyers whose rule an oracle can read (the held-out family); else empty. */
  oracle: number[];
  oracleLagged: number[];
  /** Every engine suggestion: its shown index and whether it was liked. */
  shown: Array<{ percent: number; liked: boolean }>;
  /**
   * After 1 and after ROUNDS rounds (RELIABILITY_AFTER), random flats of the pool: the index an apartment page would
   * show them (as a chance, 0…1) and the reason-aware baseline's probability from its own ratings, with the verdict.
   */
  reliability: Array<{ engine: Prediction[]; baseline: Prediction[] }>;
}

/** When the index is judged (rounds of ratings), and on how many random flats of the pool per buyer. */
export const RELIABILITY_AFTER = [1, 3] as const;
const RELIABILITY_FLATS = 40;

type Learner = (c: CityColumns, rated: readonly RatedWithReasons[]) => (row: number) => number;
const plainLogistic: Learner = (c, rated) => {
  const model = trainLogistic(
    rated.map((r) => visibleFacts(c, r.row)),
    rated.map((r) => (r.liked ? 1 : 0)),
  );
  return (row) => model.predict(visibleFacts(c, row));
};
const reasonAware: Learner = (c, rated) => trainReasonAware(c, rated).predict;

/** One buyer through ROUNDS rounds with the engine, and the baselines on the same ratings and on their own. */
export function runBuyer(c: CityColumns, buyer: Buyer, seed: number, withReasons = true): BuyerRun {
  const reactions = new Map<number, { action: 'LIKE' | 'DISLIKE'; notices: string[] }>();
  const run: BuyerRun = {
    engine: [],
    logistic: [],
    logisticOwn: [],
    reasonAware: [],
    reasonAwareOwn: [],
    oracle: [],
    oracleLagged: [],
    shown: [],
    reliability: RELIABILITY_AFTER.map(() => ({ engine: [], baseline: [] })),
  };
  const memory = { apartments: new Map<number, { cityId: number }>() };
  const columnsOf = () => c;
  const allowed: number[] = [];
  for (let r = 0; r < c.size; r++) if (passesFilters(buyer, c, r)) allowed.push(r);
  const sample = Array.from(
    { length: Math.min(SAMPLE, allowed.length) },
    (_, i) => allowed[Math.floor((i * allowed.length) / Math.min(SAMPLE, allowed.length))]!,
  );
  const rated: RatedWithReasons[] = [];
  // Trained on the engine's ratings, which are mostly likes after the first round, the regression sees little
  // contrast; so it also runs on its own, rating its own pages, and the engine is held to the better of the two.
  const baselines: Array<{ learner: Learner; own: RatedWithReasons[]; onEngine: number[]; onOwn: number[] }> = [
    { learner: plainLogistic, own: [], onEngine: run.logistic, onOwn: run.logisticOwn },
  ];
  if (withReasons) baselines.push({ learner: reasonAware, own: [], onEngine: run.reasonAware, onOwn: run.reasonAwareOwn });
  const share = (rows: readonly number[], round: number) => rows.filter((r) => likes(buyer, c, r, round)).length / rows.length;
  const flats = new Random(seed * 7 + allowed.length);
  for (let round = 0; round <= ROUNDS; round++) {
    const judged = RELIABILITY_AFTER.indexOf(round as (typeof RELIABILITY_AFTER)[number]);
    if (judged >= 0) {
      // Judged before this round's pages are rated: both have `round` rounds of ratings, the baseline its own.
      const query = engineQuery(buyer, c, tasteRatings(memory, columnsOf, reactions), new Set(), seed);
      const own = baselines[baselines.length - 1]!.own;
      const predict = own.length ? reasonAware(c, own) : () => 0.5;
      for (let k = 0; k < RELIABILITY_FLATS; k++) {
        const row = allowed[flats.int(0, allowed.length - 1)]!;
        const liked = likes(buyer, c, row, round);
        run.reliability[judged]!.engine.push({ p: scoreListing(c, row, query).relevancePercent / 100, liked });
        run.reliability[judged]!.baseline.push({ p: predict(row), liked });
      }
    }
    for (const b of baselines) {
      const own = baselinePage(c, sample, b.own, b.learner);
      b.onOwn.push(share(own, round));
      for (const r of own) {
        const reaction = react(buyer, c, r, round);
        b.own.push({ row: r, liked: reaction.action === 'LIKE', notices: reaction.notices });
      }
      b.onEngine.push(share(baselinePage(c, sample, rated, b.learner), round));
    }
    const ratings = tasteRatings(memory, columnsOf, reactions);
    const page = rank(c, engineQuery(buyer, c, ratings, new Set(reactions.keys()), seed)).items.slice(0, PAGE);
    run.engine.push(
      share(
        page.map((item) => item.row),
        round,
      ),
    );
    page.forEach((item) => run.shown.push({ percent: item.relevancePercent, liked: likes(buyer, c, item.row, round) }));
    // Reactions are read newest first (the reactions table's order): the newest page goes in front.
    const previous = [...reactions];
    reactions.clear();
    for (const item of page) {
      const reaction = react(buyer, c, item.row, round);
      reactions.set(item.id, reaction);
      memory.apartments.set(item.id, { cityId: c.cityId });
      rated.push({ row: item.row, liked: reaction.action === 'LIKE', notices: reaction.notices });
    }
    for (const [id, reaction] of previous) reactions.set(id, reaction);
  }
  if (buyer.soft?.sureness) {
    const oracle = oracleShares(allowed, buyer.soft.sureness, ROUNDS, PAGE, share);
    run.oracle = oracle.now;
    run.oracleLagged = oracle.lagged;
  }
  return run;
}

/** A baseline's next 10 from the spread-out sample (excluding what was rated); untrained, the sample's first. */
function baselinePage(c: CityColumns, sample: number[], rated: readonly RatedWithReasons[], learner: Learner): number[] {
  const seen = new Set(rated.map((r) => r.row));
  const candidates = sample.filter((r) => !seen.has(r));
  if (rated.length === 0) return candidates.slice(0, PAGE);
  const predict = learner(c, rated);
  return candidates
    .map((r) => ({ r, p: predict(r) }))
    .sort((a, b) => b.p - a.p || a.r - b.r)
    .slice(0, PAGE)
    .map((x) => x.r);
}

/** A plain sort over what the filters let through: the liked share of positions [from, from + 10). */
export function plainShare(c: CityColumns, buyer: Buyer, order: 'NEWEST' | 'CHEAPEST', from: number): number {
  const rows: number[] = [];
  for (let r = 0; r < c.size; r++) if (passesFilters(buyer, c, r)) rows.push(r);
  rows.sort(order === 'NEWEST' ? (a, b) => c.publishedAt[b]! - c.publishedAt[a]! || a - b : (a, b) => c.price[a]! - c.price[b]! || a - b);
  const page = rows.slice(from, from + PAGE);
  return page.filter((r) => likes(buyer, c, r)).length / page.length;
}

export interface QualityResult {
  population: string;
  /** The seed that drew the buyers; the engine's own randomness is drawn from it too. */
  seed: number;
  buyers: number;
  base: number;
  newest: number;
  cheapest: number;
  /** After 0…ROUNDS rounds. */
  engine: number[];
  logistic: number[];
  logisticOwn: number[];
  reasonAware: number[];
  reasonAwareOwn: number[];
  /** The oracles' ceiling (bench/oracle.ts) after 0…ROUNDS rounds; empty for populations an oracle cannot read. */
  oracle: number[];
  oracleLagged: number[];
  /** Liked share by the index shown: [label, liked share, count]. */
  bands: Array<{ label: string; liked: number; shown: number }>;
  /** Random flats of the pool after RELIABILITY_AFTER rounds: the index and the reason-aware baseline beside it. */
  reliability: Array<{ engine: Prediction[]; baseline: Prediction[] }>;
}

const BANDS: Array<[string, number, number]> = [
  ['< 50 %', 0, 50],
  ['50–59 %', 50, 60],
  ['60–69 %', 60, 70],
  ['70–79 %', 70, 80],
  ['80–89 %', 80, 90],
  ['≥ 90 %', 90, 101],
];

const zeros = () => Array<number>(ROUNDS + 1).fill(0);

export type Population = 'taste' | 'constraint' | 'soft' | 'soft-change' | 'held-out';
const SOFT: readonly Population[] = ['soft', 'soft-change', 'held-out'];

export function measureQuality(c: CityColumns, population: Population, count = 200, seed = 18): QualityResult {
  const random = new Random(seed);
  const sum = {
    base: 0,
    newest: 0,
    cheapest: 0,
    engine: zeros(),
    logistic: zeros(),
    logisticOwn: zeros(),
    reasonAware: zeros(),
    reasonAwareOwn: zeros(),
    oracle: zeros(),
    oracleLagged: zeros(),
  };
  let oracleBuyers = 0;
  const shown: Array<{ percent: number; liked: boolean }> = [];
  const reliability = RELIABILITY_AFTER.map(() => ({ engine: [] as Prediction[], baseline: [] as Prediction[] }));
  let n = 0;
  while (n < count) {
    const buyer =
      population === 'taste'
        ? tasteBuyer(c, random)
        : population === 'constraint'
          ? constraintBuyer(c, random)
          : population === 'held-out'
            ? heldOutBuyer(c, random, seed * 1000 + n)
            : softBuyer(c, random, seed * 1000 + n, population === 'soft-change');
    if (!buyer) continue;
    n++;
    // The development populations keep the engine seeds they were tuned with; the held-out family draws its own.
    const run = runBuyer(c, buyer, population === 'held-out' ? seed * 1000 + n : n);
    for (const key of ['engine', 'logistic', 'logisticOwn', 'reasonAware', 'reasonAwareOwn'] as const)
      run[key].forEach((x, i) => (sum[key][i]! += x));
    if (run.oracle.length > 0) {
      oracleBuyers++;
      run.oracle.forEach((x, i) => (sum.oracle[i]! += x));
      run.oracleLagged.forEach((x, i) => (sum.oracleLagged[i]! += x));
    }
    shown.push(...run.shown);
    run.reliability.forEach((x, i) => {
      reliability[i]!.engine.push(...x.engine);
      reliability[i]!.baseline.push(...x.baseline);
    });
    // The plain sorts at their best: the first page or the page after three pages scrolled, whichever is better.
    sum.newest += Math.max(plainShare(c, buyer, 'NEWEST', 0), plainShare(c, buyer, 'NEWEST', 30));
    sum.cheapest += Math.max(plainShare(c, buyer, 'CHEAPEST', 0), plainShare(c, buyer, 'CHEAPEST', 30));
    let liked = 0;
    let total = 0;
    for (let r = 0; r < c.size; r += 7) {
      if (!passesFilters(buyer, c, r)) continue;
      total++;
      if (likes(buyer, c, r)) liked++;
    }
    sum.base += total ? liked / total : 0;
  }
  const bandsOf = (items: Array<{ percent: number; liked: boolean }>) =>
    BANDS.map(([label, lo, hi]) => {
      const inBand = items.filter((s) => s.percent >= lo && s.percent < hi);
      return { label, liked: inBand.filter((s) => s.liked).length / Math.max(1, inBand.length), shown: inBand.length };
    });
  return {
    population,
    seed,
    buyers: n,
    base: sum.base / n,
    newest: sum.newest / n,
    cheapest: sum.cheapest / n,
    engine: sum.engine.map((x) => x / n),
    logistic: sum.logistic.map((x) => x / n),
    logisticOwn: sum.logisticOwn.map((x) => x / n),
    reasonAware: sum.reasonAware.map((x) => x / n),
    reasonAwareOwn: sum.reasonAwareOwn.map((x) => x / n),
    oracle: oracleBuyers === n ? sum.oracle.map((x) => x / n) : [],
    oracleLagged: oracleBuyers === n ? sum.oracleLagged.map((x) => x / n) : [],
    bands: bandsOf(shown),
    reliability,
  };
}

/** Moscow of a 50k catalogue, as the server builds it. */
export function qualityColumns(total = 50_000): CityColumns {
  const asOf = new Date('2026-06-01T00:00:00Z');
  const inputs = toCityInputs(
    JSON.parse(read('cities.json')) as RawCity[],
    JSON.parse(read('metro.json')) as RawMetroCity[],
    parsePriceLevels(read('price-per-m2-by-region.csv'), asOf),
  );
  const catalogue = generateCatalogue(inputs, { asOf, totalApartments: total });
  const complexes = new Map(catalogue.complexes.map((x) => [x.id, x]));
  return buildColumns(
    77,
    catalogue.apartments.filter((a) => a.cityId === 77),
    complexes,
  );
}

const pct = (x: number) => `${(x * 100).toFixed(1)} %`;

/** Per round, the engine's liked share over the better of the reason-aware baseline on the engine's ratings and on its own. */
export const reasonAwareRatios = (r: QualityResult, shares = r.engine) =>
  shares.map((x, i) => x / Math.max(r.reasonAware[i]!, r.reasonAwareOwn[i]!, 1e-9));

export function printQuality(c: CityColumns, r: QualityResult): void {
  const last = ROUNDS;
  const bestSort = Math.max(r.newest, r.cheapest);
  const soft = SOFT.includes(r.population as Population);
  const label = `${r.population} (seed ${r.seed})`;
  // Soft-taste buyers name reasons the reason-aware baseline reads: the engine is held to that one there.
  const [name, onEngine, own] = soft
    ? ['reason-aware baseline', r.reasonAware, r.reasonAwareOwn]
    : ['logistic baseline', r.logistic, r.logisticOwn];
  const better = onEngine.map((x, i) => Math.max(x, own[i]!));
  const ahead = r.engine.every((x, i) => x > better[i]!);
  const goal = soft ? 1.3 : r.population === 'constraint' ? 1.9 : 1.3;
  console.log(
    `quality ${label}: ${r.buyers} simulated buyers (Moscow ${c.size.toLocaleString('en')}), liked share of the next 10 after ${last} rounds:` +
      ` engine ${pct(r.engine[last]!)} · ${name} ${pct(onEngine[last]!)} on the engine's ratings, ${pct(own[last]!)} on its own` +
      (soft ? ` · plain logistic ${pct(Math.max(r.logistic[last]!, r.logisticOwn[last]!))}` : '') +
      ` · newest first ${pct(r.newest)} · cheapest first ${pct(r.cheapest)} · base rate ${pct(r.base)}` +
      ` → ${(r.engine[last]! / better[last]!).toFixed(2)}× the better ${name} (goal ≥ ${goal}×), ${(r.engine[last]! / bestSort).toFixed(2)}× the best plain sort`,
  );
  console.log(
    `quality ${label} learning curve after 0/1/2/3 rounds: engine ${r.engine.map(pct).join(' / ')}` +
      ` · ${name} on the engine's ratings ${onEngine.map(pct).join(' / ')} · on its own ${own.map(pct).join(' / ')}` +
      ` (engine ahead of the better one after every round: ${ahead ? 'yes' : 'NO'})`,
  );
  console.log(
    `quality ${label} ratio to the better reason-aware baseline after 0/1/2/3 rounds: ${reasonAwareRatios(r)
      .map((x) => `${x.toFixed(2)}×`)
      .join(' / ')}`,
  );
  console.log(
    `quality ${label} liked share by AI index shown: ${r.bands.map((b) => `${b.label} ${pct(b.liked)} (${b.shown})`).join(' · ')}`,
  );
  if (r.oracle.length > 0) printOracle(label, r);
}

/** Three decimals cut, never rounded up: a ceiling of 1.2995× must not print as the goal's 1.300×. */
const times = (xs: readonly number[]) => xs.map((x) => `${(Math.floor(x * 1000) / 1000).toFixed(3)}×`).join(' / ');
const pct2 = (x: number) => `${(x * 100).toFixed(2)} %`;

/** The ceiling beside the engine: what the oracles (bench/oracle.ts) like and their ratio to the same baseline. */
function printOracle(label: string, r: QualityResult): void {
  console.log(
    `quality ${label} CEILING after 0/1/2/3 rounds (bench/oracle.ts, reads the buyer's rule):` +
      ` oracle knowing the taste of each page ${r.oracle.map(pct).join(' / ')} → ${times(reasonAwareRatios(r, r.oracle))}` +
      ` · knowing it as of the last rated page ${r.oracleLagged.map(pct).join(' / ')} → ${times(reasonAwareRatios(r, r.oracleLagged))}` +
      ` the better reason-aware baseline (${r.reasonAware.map((x, i) => pct2(Math.max(x, r.reasonAwareOwn[i]!))).join(' / ')})`,
  );
}

/** The reliability of the index for a population (or a family over its seeds), after each of RELIABILITY_AFTER rounds. */
export function printPopulationReliability(label: string, results: readonly QualityResult[]): void {
  RELIABILITY_AFTER.forEach((rounds, i) =>
    printReliability(
      `quality ${label} after ${rounds} round${rounds > 1 ? 's' : ''}`,
      results.flatMap((r) => r.reliability[i]!.engine),
      results.flatMap((r) => r.reliability[i]!.baseline),
      'reason-aware baseline',
    ),
  );
}

/** The held-out family's three seeds: per seed the ratio per round, then all seeds' reliability together. */
export function benchHeldOut(c: CityColumns, count: number): QualityResult[] {
  const results = HELD_OUT_SEEDS.map((seed) => {
    const r = measureQuality(c, 'held-out', count, seed);
    printQuality(c, r);
    return r;
  });
  const ratios = results.map((r) => reasonAwareRatios(r));
  const worst = ratios[0]!.map((_, i) => Math.min(...ratios.map((x) => x[i]!)));
  console.log(
    `quality held-out over seeds ${HELD_OUT_SEEDS.join(', ')}: worst ratio to the better reason-aware baseline after 0/1/2/3 rounds ${worst
      .map((x) => `${x.toFixed(2)}×`)
      .join(
        ' / ',
      )} (goal ≥ 1.3× after 3, ahead after every round: ${worst[ROUNDS]! >= 1.3 && worst.slice(1).every((x) => x > 1) ? 'yes' : 'NO'})`,
  );
  const worstOf = (shares: (r: QualityResult) => number[]) => {
    const each = results.map((r) => reasonAwareRatios(r, shares(r)));
    return each[0]!.map((_, i) => Math.min(...each.map((x) => x[i]!)));
  };
  const ceiling = worstOf((r) => r.oracle);
  console.log(
    `quality held-out over seeds ${HELD_OUT_SEEDS.join(', ')}: CEILING, worst ratio to the better reason-aware baseline after 0/1/2/3 rounds` +
      ` oracle knowing the taste of each page ${times(ceiling)}` +
      ` · knowing it as of the last rated page ${times(worstOf((r) => r.oracleLagged))}` +
      ` (1.3× after 3 rounds reachable on every seed even by the oracle: ${ceiling[ROUNDS]! >= 1.3 ? 'yes' : 'NO'})`,
  );
  printPopulationReliability('held-out (all seeds)', results);
  return results;
}

export function benchQuality(count = Number(process.env.QUALITY_BUYERS ?? 200), populations = qualityPopulations()): QualityResult[] {
  const c = qualityColumns();
  const development = populations.filter((p) => p !== 'held-out');
  const results = development.map((population) => {
    const r = measureQuality(c, population, count);
    printQuality(c, r);
    printPopulationReliability(population, [r]);
    return r;
  });
  if (development.length > 0) printPopulationReliability('development (all populations)', results);
  return populations.includes('held-out') ? [...results, ...benchHeldOut(c, count)] : results;
}

/** QUALITY_POPULATIONS=soft,soft-change narrows a run while tuning (never held-out while tuning); all five by default. */
function qualityPopulations(): Population[] {
  const all: Population[] = ['taste', 'constraint', 'soft', 'soft-change', 'held-out'];
  const asked = process.env.QUALITY_POPULATIONS?.split(',') ?? all;
  return all.filter((p) => asked.includes(p));
}

if (import.meta.url === `file://${process.argv[1]}`) benchQuality();
