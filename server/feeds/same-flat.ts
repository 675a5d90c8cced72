import { and, eq, isNull, ne, notExists, sql, type SQL } from 'drizzle-orm';
import { alias, union } from 'drizzle-orm/pg-core';
import type { Queryable } from '../core/database';
import { apartments } from '../catalog/schema';
import { anyOf } from './any-of';
import { feedOffers } from './schema';
import type { FeedOffer } from './map-offer';

/**
 * One flat, one listing: agencies list the same flat in several feeds, and each source's offer of it becomes one more
 * advert of one apartment instead of an apartment of its own. Two offers are the same flat when they give the same
 * cadastral number, or when they are in the same house, on the same floor, with the same rooms and an area within
 * AREA_TOLERANCE_M2 — unless both give cadastral numbers and these differ.
 */

/** Agencies measure and round the same flat differently: 54,2 and 54,5 m² are one flat. */
export const AREA_TOLERANCE_M2 = 0.5;

/** A listing a new offer may join: one of its offers is offered by another source, and none by this one. */
export interface Candidate {
  id: number;
  houseId: number;
  floor: number;
  roomsCnt: number;
  areaTotal: number;
  cadastral: string[];
}

/**
 * Holds, until the batch's transaction ends, a lock per place these offers are in (their houses, complexes and
 * developers by key). A second feed's batch in the same building waits, then matches against the first one's
 * listings instead of creating the same flat again, and the two never create one place twice. Keys are locked in one
 * order (by their hash), so two batches cannot wait on each other.
 */
export async function claimPlaces(db: Queryable, keys: Iterable<string>): Promise<void> {
  const distinct = [...new Set(keys)];
  if (distinct.length === 0) return;
  await db.orm.execute(
    sql`SELECT count(pg_advisory_xact_lock(k)) FROM (SELECT DISTINCT hashtextextended('feed-place:' || key, 0) AS k FROM unnest(${sql.param(distinct)}::text[]) AS key ORDER BY 1) s`,
  );
}

/**
 * The listings new offers of `source` may join: in their houses, or with one of their cadastral numbers; only those
 * another source still offers and this one does not (a source lists a flat once: two alike flats of one feed, mirror
 * flats on one floor, stay two).
 */
export async function candidatesFor(
  db: Queryable,
  source: string,
  places: { houseIds: number[]; complexIds: number[] },
  cadastral: string[],
): Promise<Candidate[]> {
  if (places.houseIds.length === 0 && cadastral.length === 0) return [];
  // Two indexed look-ups joined by UNION (an OR of them would scan every apartment). Houses through their complexes:
  // apartments are indexed by complex, not by house.
  const near = db.orm.$with('near').as(
    union(
      db.orm
        .select({ id: apartments.id })
        .from(apartments)
        .where(and(anyOf(apartments.complexId, places.complexIds, 'int'), anyOf(apartments.houseId, places.houseIds, 'int'))),
      db.orm
        .select({ id: feedOffers.apartmentId })
        .from(feedOffers)
        .where(anyOf(feedOffers.cadastralNumber, cadastral, 'text')),
    ),
  );
  const offered = and(isNull(feedOffers.goneAt), ne(feedOffers.source, source));
  const offeredHere = and(isNull(feedOffers.goneAt), eq(feedOffers.source, source));
  return db.orm
    .with(near)
    .select({
      id: apartments.id,
      houseId: apartments.houseId,
      floor: apartments.floor,
      roomsCnt: apartments.roomsCnt,
      areaTotal: apartments.areaTotal,
      cadastral: sql`array_remove(array_agg(DISTINCT ${feedOffers.cadastralNumber}), NULL)`.mapWith(textArray),
    })
    .from(near)
    .innerJoin(apartments, eq(apartments.id, near.id))
    .innerJoin(feedOffers, eq(feedOffers.apartmentId, apartments.id))
    .groupBy(apartments.id)
    .having(sql`bool_or(${offered}) AND NOT bool_or(${offeredHere})`);
}

/** A text[] as the drivers decode it (both give an array; anything else holds nothing). */
const textArray = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : []);

/**
 * Pairs new offers with the listings they are another advert of (internal-id → apartment id). Each listing takes at
 * most one offer of a batch; a cadastral number decides first, then the nearest area among alike flats of the house.
 */
export function matchOffers(offers: Array<{ offer: FeedOffer; houseId: number }>, candidates: Candidate[]): Map<string, number> {
  const matched = new Map<string, number>();
  const taken = new Set<number>();
  const take = (internalId: string, c: Candidate) => {
    matched.set(internalId, c.id);
    taken.add(c.id);
  };
  // Looked up by key, not scanned: a batch of a big feed meets thousands of a building's listings.
  const byCadastral = new Map<string, Candidate>();
  const alike = new Map<string, Candidate[]>();
  const alikeKey = (houseId: number, floor: number, rooms: number) => `${houseId}|${floor}|${rooms}`;
  for (const c of candidates) {
    for (const number of c.cadastral) if (!byCadastral.has(number)) byCadastral.set(number, c);
    const key = alikeKey(c.houseId, c.floor, c.roomsCnt);
    alike.set(key, [...(alike.get(key) ?? []), c]);
  }
  // Cadastral numbers first: they are sure, and must not lose their listing to a look-alike.
  for (const { offer } of offers) {
    const same = offer.cadastralNumber ? byCadastral.get(offer.cadastralNumber) : undefined;
    if (same && !taken.has(same.id)) take(offer.internalId, same);
  }
  for (const { offer, houseId } of offers) {
    if (matched.has(offer.internalId)) continue;
    let best: Candidate | undefined;
    for (const c of alike.get(alikeKey(houseId, offer.floor, offer.roomsCnt)) ?? []) {
      if (taken.has(c.id)) continue;
      const gap = Math.abs(c.areaTotal - offer.areaTotal);
      // real columns read back as 54.20000076: a hair over the tolerance is still within it.
      if (gap > AREA_TOLERANCE_M2 + 1e-6) continue;
      // Two different cadastral numbers are two flats, however alike.
      if (offer.cadastralNumber && c.cadastral.length > 0 && !c.cadastral.includes(offer.cadastralNumber)) continue;
      if (!best || gap < Math.abs(best.areaTotal - offer.areaTotal)) best = c;
    }
    if (best) take(offer.internalId, best);
  }
  return matched;
}

/**
 * A listing's price is the best (lowest) price its sources still offer, and its own price history gains a point when
 * that changes. Run after the offers' prices were written (a later statement than theirs: a statement does not see
 * what another part of the same statement wrote).
 */
export async function settleBestPrices(db: Queryable, apartmentIds: number[], now: Date): Promise<void> {
  if (apartmentIds.length === 0) return;
  await db.query(
    `WITH best AS (
       SELECT apartment_id AS id, min(price_total) AS price FROM feed_offers
       WHERE apartment_id = ANY($1::int[]) AND gone_at IS NULL GROUP BY apartment_id
     ),
     priced AS (
       UPDATE apartments a SET price_total = b.price, price_per_meter = round(b.price / a.area_total)::int, status = 'ACTIVE'
       FROM best b WHERE a.id = b.id AND (a.price_total <> b.price OR a.status <> 'ACTIVE')
       RETURNING a.id
     )
     INSERT INTO apartment_price_history (apartment_id, observed_at, price_total)
     SELECT b.id, $2::timestamptz, b.price FROM best b
     WHERE b.price IS DISTINCT FROM (
       SELECT h.price_total FROM apartment_price_history h WHERE h.apartment_id = b.id ORDER BY h.observed_at DESC LIMIT 1
     )
     ON CONFLICT DO NOTHING`,
    [apartmentIds, now.toISOString()],
  );
}

const earlier = alias(feedOffers, 'o');

/**
 * True of an offer that leads its listing: no source still offering the flat joined before it. The order that makes
 * one of a listing's offered sources its lead: the earliest to join, then by name.
 */
export const leadsItsListing = (db: Queryable): SQL =>
  notExists(
    db.orm
      .select({ one: sql`1` })
      .from(earlier)
      .where(
        and(
          eq(earlier.apartmentId, feedOffers.apartmentId),
          isNull(earlier.goneAt),
          sql`(${earlier.joinedAt}, ${earlier.source}, ${earlier.internalId}) < (${feedOffers.joinedAt}, ${feedOffers.source}, ${feedOffers.internalId})`,
        ),
      ),
  );
