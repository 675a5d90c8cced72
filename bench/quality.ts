/**
 * Quality of the AI-search agent with simulated buyers (issue 6). Each buyer states a budget and
 * rooms (the LIRA filters) and hides tastes over price, location, floor, kitchen and infrastructure.
 * Shown a listing, a buyer likes it when it fits every hidden taste and otherwise dislikes it naming
 * up to two reasons (the site's dislike reasons). The agent suggests 10 at a time and learns from each
 * reaction exactly as the server does (updatePreference); after 3 rounds we count the liked share of
 * its next 10 and compare with the plain sorts a buyer would otherwise use: newest first, cheapest first.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { generateCatalogue, parsePriceLevels, toCityInputs } from '../server/catalog/generator';
import type { RawCity, RawMetroCity } from '../server/catalog/generator';
import { INFRA_ORDER, NO_METRO_MINUTES } from '../server/ranking/constants';
import {
  buildColumns,
  emptyPreference,
  featureVector,
  rank,
  updatePreference,
  type CityColumns,
  type PreferenceModel,
} from '../server/ranking';

const dataDir = fileURLToPath(new URL('../server/catalog/data/', import.meta.url));
const read = (name: string) => readFileSync(`${dataDir}${name}`, 'utf8');

/** Small deterministic PRNG (mulberry32): the same buyers on every run. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Taste = { reason: string; fits: (c: CityColumns, row: number) => boolean };

export interface Buyer {
  rooms: number[];
  priceMin: number;
  priceMax: number;
  tastes: Taste[];
}

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.floor(sorted.length * q)))]!;
};

const ROOM_CHOICES = [[1], [1, 2], [2], [2, 3], [3], [0, 1]];
const SCHOOL = INFRA_ORDER.indexOf('SCHOOL');
const PARK = INFRA_ORDER.indexOf('PARK');

/**
 * A buyer: stated filters, and 3 of 5 hidden tastes, each set near the middle of what the filters
 * let through, so about one listing in eight fits all of them.
 */
export function makeBuyer(c: CityColumns, random: () => number): Buyer | null {
  const rooms = ROOM_CHOICES[Math.floor(random() * ROOM_CHOICES.length)]!;
  const roomRows = [...Array(c.size).keys()].filter((r) => rooms.includes(Math.min(4, c.rooms[r]!)));
  const priceMax = quantile(
    roomRows.map((r) => c.price[r]!),
    0.35 + random() * 0.45,
  );
  const priceMin = priceMax * 0.5;
  const pool = roomRows.filter((r) => c.price[r]! >= priceMin && c.price[r]! <= priceMax);
  if (pool.length < 300) return null;
  const mid = (values: number[]) => quantile(values, 0.4 + random() * 0.2);
  const price = mid(pool.map((r) => c.price[r]!));
  const metro = mid(pool.map((r) => (c.metroMinutes[r] === NO_METRO_MINUTES ? 90 : c.metroMinutes[r]!)));
  const centre = mid(pool.map((r) => c.centreKm[r]!));
  const kitchen = mid(pool.map((r) => c.areaKitchen[r]!));
  const school = mid(pool.map((r) => c.infra[r * INFRA_ORDER.length + SCHOOL]!));
  const park = mid(pool.map((r) => c.infra[r * INFRA_ORDER.length + PARK]!));
  const highFloor = random() < 0.6;
  const all: Taste[] = [
    { reason: 'PRICE', fits: (cc, r) => cc.price[r]! <= price },
    random() < 0.5
      ? { reason: 'METRO', fits: (cc, r) => cc.metroMinutes[r]! <= metro }
      : { reason: 'CENTRE', fits: (cc, r) => cc.centreKm[r]! <= centre },
    // Most people avoid the ground floor and like a view; some prefer to stay low.
    highFloor
      ? { reason: 'FLOOR', fits: (cc, r) => cc.floor[r]! > 1 && (cc.floors[r]! <= 1 || (cc.floor[r]! - 1) / (cc.floors[r]! - 1) >= 0.4) }
      : { reason: 'FLOOR', fits: (cc, r) => cc.floor[r]! > 1 && cc.floor[r]! <= 6 },
    { reason: 'KITCHEN', fits: (cc, r) => cc.areaKitchen[r]! >= kitchen },
    random() < 0.5
      ? { reason: 'INFRASTRUCTURE', fits: (cc, r) => cc.infra[r * INFRA_ORDER.length + SCHOOL]! <= school }
      : { reason: 'INFRASTRUCTURE', fits: (cc, r) => cc.infra[r * INFRA_ORDER.length + PARK]! <= park },
  ];
  // Three tastes of five, in random order (the order is which reason comes to mind first).
  const tastes = all
    .map((t) => ({ t, k: random() }))
    .sort((a, b) => a.k - b.k)
    .slice(0, 3)
    .map((x) => x.t);
  return { rooms, priceMin, priceMax, tastes };
}

/** LIKE when every taste fits; otherwise DISLIKE with up to two of the unmet tastes as reasons. */
export function react(buyer: Buyer, c: CityColumns, row: number): { action: 'LIKE' | 'DISLIKE'; reasons: string[] } {
  const unmet = buyer.tastes.filter((t) => !t.fits(c, row)).map((t) => t.reason);
  return unmet.length === 0 ? { action: 'LIKE', reasons: [] } : { action: 'DISLIKE', reasons: unmet.slice(0, 2) };
}

const filtersOf = (b: Buyer) => ({ priceMin: b.priceMin, priceMax: b.priceMax, rooms: b.rooms });

/** The agent: 3 rounds of 10 with feedback, then the share liked among its next 10. */
export function agentShare(c: CityColumns, buyer: Buyer, rounds = 3, batch = 10): number {
  let model: PreferenceModel = emptyPreference();
  const seen = new Set<number>();
  for (let round = 0; round <= rounds; round++) {
    const items = rank(c, { filters: filtersOf(buyer), preference: model, exclude: seen, limit: batch }).items;
    if (round === rounds) return items.filter((i) => react(buyer, c, i.row).action === 'LIKE').length / items.length;
    for (const item of items) {
      seen.add(item.id);
      const r = react(buyer, c, item.row);
      model = updatePreference(model, featureVector(c, item.row), r.action, r.reasons);
    }
  }
  return 0;
}

/** A plain sort over the same filtered listings: the liked share of positions [from, from + 10). */
export function plainShare(c: CityColumns, buyer: Buyer, order: 'NEWEST' | 'CHEAPEST', from: number): number {
  const rows: number[] = [];
  for (let r = 0; r < c.size; r++) {
    if (c.price[r]! < buyer.priceMin || c.price[r]! > buyer.priceMax || !buyer.rooms.includes(Math.min(4, c.rooms[r]!))) continue;
    if (c.flags[r]! & (64 | 128)) continue; // reserved or sold, as the engine leaves them out
    rows.push(r);
  }
  rows.sort(order === 'NEWEST' ? (a, b) => c.publishedAt[b]! - c.publishedAt[a]! || a - b : (a, b) => c.price[a]! - c.price[b]! || a - b);
  const page = rows.slice(from, from + 10);
  return page.filter((r) => react(buyer, c, r).action === 'LIKE').length / page.length;
}

export interface QualityResult {
  buyers: number;
  agent: number;
  newest: number;
  cheapest: number;
  /** Base rate: liked share of everything the filters let through. */
  base: number;
  ratio: number;
}

export function measureQuality(c: CityColumns, count = 200, seed = 6): QualityResult {
  const random = prng(seed);
  let agent = 0;
  let newest = 0;
  let cheapest = 0;
  let base = 0;
  let n = 0;
  while (n < count) {
    const buyer = makeBuyer(c, random);
    if (!buyer) continue;
    n++;
    agent += agentShare(c, buyer);
    // The plain sorts at their best: the first page or the page after three pages scrolled, whichever is better.
    newest += Math.max(plainShare(c, buyer, 'NEWEST', 0), plainShare(c, buyer, 'NEWEST', 30));
    cheapest += Math.max(plainShare(c, buyer, 'CHEAPEST', 0), plainShare(c, buyer, 'CHEAPEST', 30));
    let liked = 0;
    let total = 0;
    for (let r = 0; r < c.size; r += 7) {
      if (c.price[r]! < buyer.priceMin || c.price[r]! > buyer.priceMax || !buyer.rooms.includes(Math.min(4, c.rooms[r]!))) continue;
      total++;
      if (react(buyer, c, r).action === 'LIKE') liked++;
    }
    base += total ? liked / total : 0;
  }
  const result = { buyers: n, agent: agent / n, newest: newest / n, cheapest: cheapest / n, base: base / n, ratio: 0 };
  result.ratio = result.agent / Math.max(result.newest, result.cheapest);
  return result;
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

export function benchQuality(): QualityResult {
  const c = qualityColumns();
  const r = measureQuality(c);
  const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
  console.log(
    `quality ${r.buyers} simulated buyers (Moscow ${c.size.toLocaleString('en')}): liked among the agent's first 10 after 3 rounds of feedback ${pct(r.agent)}` +
      ` vs newest first ${pct(r.newest)}, cheapest first ${pct(r.cheapest)} (base rate ${pct(r.base)}) → ${r.ratio.toFixed(2)}× the best plain sort (goal ≥ 2×)`,
  );
  return r;
}

if (import.meta.url === `file://${process.argv[1]}`) benchQuality();
