import { asc, desc, eq, getTableColumns, inArray, max, sql } from 'drizzle-orm';
import { apartmentPriceHistory, feedOffers } from '../../feeds/schema';
import { complexPriceHistory } from '../schema';
import type { Apartment, FeedDetails } from '../../core/model';
import type { Queryable } from '../../core/database';
import type { CatalogueMemory } from '../memory';
import { distanceM } from '../reference';
import type { TrendPoint } from '../market';
import { generatedOfferHistory, isGeneratedListing } from '../listing-info';

/** Monthly ₽/m² of the apartment's complex, oldest first. */
export async function priceHistory(db: Queryable, complexId: number): Promise<Array<{ month: string; pricePerMeter: number }>> {
  return db.orm
    .select({ month: complexPriceHistory.month, pricePerMeter: complexPriceHistory.pricePerMeter })
    .from(complexPriceHistory)
    .where(eq(complexPriceHistory.complexId, complexId))
    .orderBy(asc(complexPriceHistory.month));
}

/** An imported apartment's asking prices, oldest first (empty for a generated one). */
export async function offerPriceHistory(db: Queryable, apartmentId: number): Promise<Array<{ date: string; priceTotal: number }>> {
  const rows = await db.orm
    .select({ observedAt: apartmentPriceHistory.observedAt, priceTotal: apartmentPriceHistory.priceTotal })
    .from(apartmentPriceHistory)
    .where(eq(apartmentPriceHistory.apartmentId, apartmentId))
    .orderBy(asc(apartmentPriceHistory.observedAt));
  return rows.map((r) => ({ date: r.observedAt.toISOString(), priceTotal: r.priceTotal }));
}

/**
 * Both histories the APART page shows: the complex's ₽/m² by month and the listing's own prices (an imported one's as
 * its feeds changed them, a generated one's drawn from its id).
 */
export async function apartmentHistories(db: Queryable, a: Apartment, now = Date.now()): Promise<ApartmentHistories> {
  const [complex, offer] = await Promise.all([
    priceHistory(db, a.complexId),
    isGeneratedListing(a.id) ? Promise.resolve(generatedOfferHistory(a, now)) : offerPriceHistory(db, a.id),
  ]);
  return { complex, offer };
}

export interface ApartmentHistories {
  complex: Array<{ month: string; pricePerMeter: number }>;
  offer: Array<{ date: string; priceTotal: number }>;
}

/** Monthly ₽/m² of each of these complexes, oldest first (what `marketTrend` carries listings back along). */
export async function complexPriceHistories(db: Queryable, complexIds: number[]): Promise<Map<number, TrendPoint[]>> {
  const out = new Map<number, TrendPoint[]>();
  if (complexIds.length === 0) return out;
  const rows = await db.orm
    .select()
    .from(complexPriceHistory)
    .where(inArray(complexPriceHistory.complexId, complexIds))
    .orderBy(asc(complexPriceHistory.complexId), asc(complexPriceHistory.month));
  for (const { complexId, ...point } of rows) out.set(complexId, [...(out.get(complexId) ?? []), point]);
  return out;
}

/** How far a unit's total area may be from the apartment's and still be "the same layout". */
const SAME_LAYOUT_AREA_TOLERANCE_M2 = 1;

/**
 * «Такая же планировка»: other active units of the same complex with the same room count, the same kind (flat or
 * apartments) and a total area within ±1 m². The generator's layout code is drawn independently of the area, so it
 * cannot say "same plan" by itself: a 32,4 m² flat and a 41 m² one shared a code. Closest area first, then cheapest.
 */
export function sameLayout(memory: CatalogueMemory, a: Apartment, limit = 12): Apartment[] {
  return memory
    .apartmentsOf(a.cityId)
    .filter(
      (b) =>
        b.id !== a.id &&
        b.complexId === a.complexId &&
        b.status === 'ACTIVE' &&
        b.roomsCnt === a.roomsCnt &&
        b.isApartHotel === a.isApartHotel &&
        isWithinAreaTolerance(b.areaTotal, a.areaTotal),
    )
    .sort((x, y) => Math.abs(x.areaTotal - a.areaTotal) - Math.abs(y.areaTotal - a.areaTotal) || x.priceTotal - y.priceTotal)
    .slice(0, limit);
}

/** Areas are kept to 0,1 m²; compared in tenths so 32,4 against 33,4 is in and floating-point noise is not. */
function isWithinAreaTolerance(area: number, origin: number): boolean {
  return Math.abs(Math.round(area * 10) - Math.round(origin * 10)) <= SAME_LAYOUT_AREA_TOLERANCE_M2 * 10;
}

/** Similar apartments elsewhere: same rooms, price within ±20 %, closest first. */
export function analogues(memory: CatalogueMemory, a: Apartment, limit = 12): Apartment[] {
  const origin = memory.complexes.get(a.complexId)!;
  return memory
    .apartmentsOf(a.cityId)
    .filter(
      (b) =>
        b.complexId !== a.complexId &&
        b.status === 'ACTIVE' &&
        b.roomsCnt === a.roomsCnt &&
        Math.abs(b.priceTotal / a.priceTotal - 1) <= 0.2,
    )
    .map((b) => {
      const c = memory.complexes.get(b.complexId)!;
      const km = distanceM(origin.lat, origin.lng, c.lat, c.lng) / 1000;
      return { b, score: km + Math.abs(b.priceTotal / a.priceTotal - 1) * 20 + Math.abs(b.areaTotal - a.areaTotal) / 10 };
    })
    .sort((x, y) => x.score - y.score)
    .slice(0, limit)
    .map((x) => x.b);
}

/** Apartments of one building still on sale (map click → sidebar). */
export function apartmentsInHouse(memory: CatalogueMemory, cityId: number, houseId: number): Apartment[] {
  return memory.apartmentsOf(cityId).filter((a) => a.houseId === houseId && a.status !== 'SOLD');
}

/** The lead advert's details of each of these imported apartments (as `feedAdvertsOf`'s first), for their sellers. */
export async function leadDetailsOf(db: Queryable, apartmentIds: readonly number[]): Promise<Map<number, { details: FeedDetails | null }>> {
  const out = new Map<number, { details: FeedDetails | null }>();
  if (apartmentIds.length === 0) return out;
  // Rows come lead first per apartment (offered before gone, then the earliest joined): the first one seen wins.
  for (const r of await offerRows(db, apartmentIds)) if (!out.has(r.apartmentId)) out.set(r.apartmentId, { details: r.details });
  return out;
}

// What an advert shows, not the importer's bookkeeping.
const { cadastralNumber, joinedAt, contentHash, lastImportId, ...offerColumns } = getTableColumns(feedOffers);

/** The feed offers of these imported apartments, each apartment's lead first (offered before gone, then the earliest joined). */
export function offerRows(db: Queryable, apartmentIds: readonly number[]) {
  return db.orm
    .select(offerColumns)
    .from(feedOffers)
    .where(apartmentIds.length === 1 ? eq(feedOffers.apartmentId, apartmentIds[0]!) : inArray(feedOffers.apartmentId, [...apartmentIds]))
    .orderBy(
      sql`${feedOffers.goneAt} IS NOT NULL`,
      desc(feedOffers.goneAt),
      asc(feedOffers.joinedAt),
      asc(feedOffers.source),
      asc(feedOffers.internalId),
    );
}

/**
 * When each imported apartment's adverts last changed (Unix ms): the newest write of any of its offers (an offer is
 * written again only when something of it changed). Generated apartments have none.
 */
export async function listingChanges(db: Queryable, apartmentIds: readonly number[]): Promise<Map<number, number>> {
  if (apartmentIds.length === 0) return new Map();
  const rows = await db.orm
    .select({ apartmentId: feedOffers.apartmentId, changedAt: max(feedOffers.updatedAt) })
    .from(feedOffers)
    // One array parameter, not one per id: a sitemap file asks for up to 50 000.
    .where(sql`${feedOffers.apartmentId} = ANY(${`{${apartmentIds.join(',')}}`}::int[])`)
    .groupBy(feedOffers.apartmentId);
  return new Map(rows.flatMap((r) => (r.apartmentId !== null && r.changedAt ? [[r.apartmentId, r.changedAt.getTime()] as const] : [])));
}
