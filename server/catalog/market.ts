import type { FairPriceVerdict } from '@kvarta/contract/catalog';
import type { Apartment, Complex } from '../core/model';
import type { CatalogueMemory } from './memory';

/**
 * The one definition of "market price" every figure answers from: the mean asking ₽/m² of the active
 * listings in question. The analytics card, each bar of the analytics charts, the trend's last point,
 * the apartment's fair-price verdict and its comparables all call `marketPricePerMeter`; the verdict over
 * the listings most like the apartment (same district, room group, new/resale and class of house).
 */
export function marketPricePerMeter(listings: readonly Pick<Apartment, 'pricePerMeter'>[]): number {
  if (listings.length === 0) return 0;
  let sum = 0;
  for (const a of listings) sum += a.pricePerMeter;
  return Math.round(sum / listings.length);
}

/** Fewer active comparables than this in a group, and the verdict widens to the next one. */
export const MIN_COMPARABLES = 5;

type Comparable = Pick<Apartment, 'areaId' | 'roomsCnt' | 'realtyType' | 'complexId'>;
export type ComparableScope = 'district-class' | 'district' | 'city-class' | 'city';
/** Narrowest first: the same class of house in the same district, then wider until there are enough listings. */
const SCOPES: readonly ComparableScope[] = ['district-class', 'district', 'city-class', 'city'];

/** Comparables share the room group (0…3, 4+) and realty type, and per scope the district and the class of house. */
export function comparableKey(a: Comparable, scope: ComparableScope, complexClass: string): string {
  const district = scope.startsWith('district') ? a.areaId : 0;
  const cls = scope.endsWith('class') ? complexClass : '';
  return `${scope}:${district}:${Math.min(4, a.roomsCnt)}:${a.realtyType}:${cls}`;
}

export interface MarketReference {
  /** `marketPricePerMeter` of the comparables. */
  pricePerMeter: number;
  count: number;
  scope: ComparableScope;
}

/** The comparables of every listing of one set (a city), grouped once. */
export class MarketIndex {
  private readonly groups = new Map<string, Apartment[]>();

  /** `classOf`: the class of a listing's house (complexes carry it, not listings). */
  constructor(
    apartments: readonly Apartment[],
    private readonly classOf: (complexId: number) => string,
  ) {
    for (const a of apartments) {
      if (a.status !== 'ACTIVE') continue;
      const cls = classOf(a.complexId);
      for (const scope of SCOPES) {
        const key = comparableKey(a, scope, cls);
        const list = this.groups.get(key);
        if (list) list.push(a);
        else this.groups.set(key, [a]);
      }
    }
  }

  /** The listings a verdict on `a` compares with: the narrowest group that has enough of them. */
  comparables(a: Apartment): { listings: readonly Apartment[]; scope: ComparableScope } {
    const cls = this.classOf(a.complexId);
    for (const scope of SCOPES) {
      const listings = this.groups.get(comparableKey(a, scope, cls)) ?? [];
      if (listings.length >= MIN_COMPARABLES || scope === 'city') return { listings, scope };
    }
    return { listings: [], scope: 'city' };
  }

  reference(a: Apartment): MarketReference {
    const { listings, scope } = this.comparables(a);
    return { pricePerMeter: marketPricePerMeter(listings), count: listings.length, scope };
  }
}

const indexes = new WeakMap<CatalogueMemory, { version: number; byCity: Map<number, MarketIndex> }>();

/** The city's index, rebuilt when the listings change (memory.version). */
export function marketIndex(memory: CatalogueMemory, cityId: number): MarketIndex {
  let cached = indexes.get(memory);
  if (!cached || cached.version !== memory.version) {
    cached = { version: memory.version, byCity: new Map() };
    indexes.set(memory, cached);
  }
  let index = cached.byCity.get(cityId);
  if (!index) {
    index = new MarketIndex(memory.apartmentsOf(cityId), (id) => memory.complexes.get(id)?.complexClass ?? '');
    cached.byCity.set(cityId, index);
  }
  return index;
}

/** The verdict of the card and the APART page: asking ₽/m² against the comparables' market price. */
export function fairPriceVerdict(a: Apartment, reference: MarketReference): FairPriceVerdict {
  if (reference.pricePerMeter <= 0) return { fairPrice: a.priceTotal, deltaPercent: 0, verdict: fairPriceText(1) };
  const ratio = a.pricePerMeter / reference.pricePerMeter;
  return {
    fairPrice: Math.round((reference.pricePerMeter * a.areaTotal) / 10_000) * 10_000,
    deltaPercent: Math.round((ratio - 1) * 100),
    verdict: fairPriceText(ratio),
  };
}

/** Asking over market for each listing, in order: what the ranking's `fairRatio` column can be filled from. */
export function marketRatios(apartments: readonly Apartment[], complexes: ReadonlyMap<number, Complex>): Float32Array {
  const index = new MarketIndex(apartments, (id) => complexes.get(id)?.complexClass ?? '');
  const out = new Float32Array(apartments.length);
  apartments.forEach((a, i) => {
    const market = index.reference(a).pricePerMeter;
    out[i] = market > 0 ? a.pricePerMeter / market : 1;
  });
  return out;
}

/** A type, not an interface: the contract's chart items are index-signature records. */
export type TrendPoint = { month: string; pricePerMeter: number };

/**
 * The market price of these listings month by month: each listing's asking ₽/m² carried back along its
 * complex's price index. The last month is the listings' market price itself, so the trend ends exactly
 * at the figure the card shows. A complex without history counts at today's price in every month.
 */
export function marketTrend(listings: readonly Apartment[], histories: ReadonlyMap<number, readonly TrendPoint[]>): TrendPoint[] {
  if (listings.length === 0) return [];
  const months = [...new Set([...histories.values()].flatMap((h) => h.map((p) => p.month)))].sort();
  if (months.length === 0) return [];
  const perComplex = new Map<number, { sum: number; n: number }>();
  for (const a of listings) {
    const acc = perComplex.get(a.complexId) ?? { sum: 0, n: 0 };
    acc.sum += a.pricePerMeter;
    acc.n++;
    perComplex.set(a.complexId, acc);
  }
  const totals = new Float64Array(months.length);
  for (const [complexId, { sum }] of perComplex) {
    const index = priceIndex(histories.get(complexId) ?? [], months);
    for (let m = 0; m < months.length; m++) totals[m]! += sum * index[m]!;
  }
  const points = months.map((month, m) => ({ month, pricePerMeter: Math.round(totals[m]! / listings.length) }));
  points[points.length - 1] = { month: months[months.length - 1]!, pricePerMeter: marketPricePerMeter(listings) };
  return points;
}

/** A complex's ₽/m² in each month over its latest value; a month before its history starts takes its first value. */
function priceIndex(history: readonly TrendPoint[], months: readonly string[]): number[] {
  const latest = history[history.length - 1]?.pricePerMeter;
  if (!latest) return months.map(() => 1);
  const byMonth = new Map(history.map((p) => [p.month, p.pricePerMeter]));
  let carried = history[0]!.pricePerMeter;
  return months.map((month) => {
    carried = byMonth.get(month) ?? carried;
    return carried / latest;
  });
}

/** "на 7 % ниже рынка" / "по рынку" / "на 4 % выше рынка". */
export function fairPriceText(ratio: number): string {
  const percent = Math.round((1 - ratio) * 100);
  if (percent >= 2) return `На ${percent} % ниже рынка`;
  if (percent <= -2) return `На ${-percent} % выше рынка`;
  return 'Цена по рынку';
}
