import { and, eq, exists, isNull, ne, sql } from 'drizzle-orm';
import type { Apartment, Complex, House } from '../core/model';
import type { Queryable, Transactional } from '../core/database';
import { apartments } from '../catalog/schema';
import { APARTMENT_COLUMNS, COMPLEX_COLUMNS, HOUSE_COLUMNS, runTogether, unnestInsert } from '../catalog/repository/listings';
import { normalizeName } from './geography';
import type { FeedOffer } from './map-offer';
import { anyOf } from './any-of';
import { feedOffers, feedPlaces } from './schema';
import { candidatesFor, claimPlaces, leadsItsListing, matchOffers, settleBestPrices } from './same-flat';

export interface ValidOffer {
  offer: FeedOffer;
  hash: string;
}

export interface BatchOutcome {
  created: number[];
  updated: number[];
  unchanged: number;
  priceChanges: number;
  cityIds: Set<number>;
  complexIds: Set<number>;
}

type PlaceKind = 'developer' | 'complex' | 'house';

/** Infrastructure is not in feeds: every kind counts as far until a source for it exists. */
const FAR = { SCHOOL: 99_999, KINDERGARTEN: 99_999, PARK: 99_999, SHOP: 99_999, CLINIC: 99_999 };

async function takeIds(db: Queryable, count: number): Promise<number[]> {
  if (count === 0) return [];
  const rows = await db.orm.select({ id: sql`nextval('feed_ids')::int`.mapWith(Number) }).from(sql`generate_series(1, ${count})`);
  return rows.map((r) => r.id);
}

function firstByKey(offers: ValidOffer[], key: (o: FeedOffer) => string | null): Map<string, FeedOffer> {
  const out = new Map<string, FeedOffer>();
  for (const { offer } of offers) {
    const k = key(offer);
    if (k !== null && !out.has(k)) out.set(k, offer);
  }
  return out;
}

const developerKey = (o: FeedOffer) => (o.complex.developer ? normalizeName(o.complex.developer) : null);

function complexRow(o: FeedOffer, id: number, developerId: number | null, floorsMax: number): Complex {
  return {
    id,
    cityId: o.cityId,
    areaId: o.areaId,
    developerId,
    name: o.complex.name,
    realtyType: o.realtyType,
    complexClass: o.complex.complexClass,
    houseType: o.complex.houseType,
    floorsMax,
    ceilingHeight: o.complex.ceilingHeight,
    parking: o.complex.parking,
    closedYard: o.complex.closedYard,
    lat: o.lat,
    lng: o.lng,
    centreDistanceM: o.centreDistanceM,
    metro: o.metro,
    infraDistanceM: FAR,
    imageCount: 0,
  };
}

function houseRow(o: FeedOffer, id: number, complexId: number): House {
  return {
    id,
    complexId,
    name: o.house.name,
    address: o.house.address,
    floors: o.floors,
    deadline: o.deadline,
    stageIsPut: o.stageIsPut,
    lat: o.lat,
    lng: o.lng,
  };
}

function apartmentRow(o: FeedOffer, id: number, houseId: number, complexId: number, publishedAt: number): Apartment {
  return {
    id,
    houseId,
    complexId,
    cityId: o.cityId,
    areaId: o.areaId,
    roomsCnt: o.roomsCnt,
    areaTotal: o.areaTotal,
    areaKitchen: o.areaKitchen,
    areaResidential: o.areaResidential,
    floor: o.floor,
    floors: o.floors,
    // The generated plan drawing is keyed by rooms; a feed's own plan photo replaces it (catalog/views.ts).
    layoutCode: `${o.roomsCnt}-${(id % 6) + 1}`,
    priceTotal: o.priceTotal,
    pricePerMeter: o.pricePerMeter,
    realtyType: o.realtyType,
    isApartHotel: o.isApartHotel,
    renovation: o.renovation,
    deadline: o.deadline,
    stageIsPut: o.stageIsPut,
    status: 'ACTIVE',
    publishedAt,
  };
}

/**
 * The complexes, houses and developers of these offers: the known ones by key, the missing ones created (with
 * `fresh` more ids taken in the same round trip for the caller's new apartments).
 */
async function resolvePlaces(
  db: Queryable,
  offers: ValidOffer[],
  freshApartments: number,
): Promise<{ ids: Record<PlaceKind, Map<string, number>>; apartmentIds: number[] }> {
  const firsts: Record<PlaceKind, Map<string, FeedOffer>> = {
    developer: firstByKey(offers, developerKey),
    complex: firstByKey(offers, (o) => o.complex.key),
    house: firstByKey(offers, (o) => o.house.key),
  };
  const kinds = Object.keys(firsts) as PlaceKind[];
  const wanted = kinds.flatMap((kind) => [...firsts[kind].keys()].map((key) => ({ kind, key })));
  const rows = await db.orm
    .select({ kind: feedPlaces.kind, key: feedPlaces.key, id: feedPlaces.id })
    .from(feedPlaces)
    .innerJoin(
      sql`unnest(${sql.param(wanted.map((w) => w.kind))}::text[], ${sql.param(wanted.map((w) => w.key))}::text[]) AS w(kind, key)`,
      sql`${feedPlaces.kind} = w.kind AND ${feedPlaces.key} = w.key`,
    );
  const ids: Record<PlaceKind, Map<string, number>> = { developer: new Map(), complex: new Map(), house: new Map() };
  for (const r of rows) ids[r.kind].set(r.key, r.id);
  const missing = wanted.filter((w) => !ids[w.kind].has(w.key));
  const taken = await takeIds(db, missing.length + freshApartments);
  missing.forEach((m, i) => ids[m.kind].set(m.key, taken[i]!));
  if (missing.length > 0) {
    const isNew = (kind: PlaceKind) => missing.filter((m) => m.kind === kind).map((m) => m.key);
    const floorsMax = new Map<string, number>();
    for (const { offer } of offers) floorsMax.set(offer.complex.key, Math.max(floorsMax.get(offer.complex.key) ?? 0, offer.floors));
    const params: unknown[] = [];
    const developers = isNew('developer').map((key) => ({
      id: ids.developer.get(key)!,
      name: firsts.developer.get(key)!.complex.developer!,
    }));
    const complexes = isNew('complex').map((key) => {
      const o = firsts.complex.get(key)!;
      const developer = developerKey(o);
      return complexRow(o, ids.complex.get(key)!, developer ? ids.developer.get(developer)! : null, floorsMax.get(key) ?? o.floors);
    });
    const houses = isNew('house').map((key) => {
      const o = firsts.house.get(key)!;
      return houseRow(o, ids.house.get(key)!, ids.complex.get(o.complex.key)!);
    });
    const statements = [
      developers.length > 0 &&
        unnestInsert(
          'developers',
          developers,
          [
            ['id', 'int', (d) => d.id],
            ['name', 'text', (d) => d.name],
          ],
          params,
        ),
      complexes.length > 0 && unnestInsert('complexes', complexes, COMPLEX_COLUMNS, params),
      houses.length > 0 && unnestInsert('houses', houses, HOUSE_COLUMNS, params),
      unnestInsert(
        'feed_places',
        missing,
        [
          ['kind', 'text', (m) => m.kind],
          ['key', 'text', (m) => m.key],
          ['id', 'int', (m) => ids[m.kind].get(m.key)],
        ],
        params,
      ),
    ].filter((sql): sql is string => typeof sql === 'string');
    await runTogether(db, statements, params);
  }
  return { ids, apartmentIds: taken.slice(missing.length) };
}

/**
 * Writes one batch of valid offers in the caller's transaction, in a handful of round trips: new offers get an
 * apartment (and, if needed, a complex and a house) or, when another source already sells the same flat, join its
 * apartment as one more advert; changed ones are rewritten; unchanged ones only note that this import saw them. Each
 * offer keeps its own price history; the apartment's price is the best its sources offer (same-flat.ts).
 */
export async function applyBatch(db: Queryable, importId: number, source: string, offers: ValidOffer[], now: Date): Promise<BatchOutcome> {
  const outcome: BatchOutcome = { created: [], updated: [], unchanged: 0, priceChanges: 0, cityIds: new Set(), complexIds: new Set() };
  if (offers.length === 0) return outcome;
  const knownRows = await db.orm
    .select({
      internalId: feedOffers.internalId,
      apartmentId: feedOffers.apartmentId,
      contentHash: feedOffers.contentHash,
      priceTotal: feedOffers.priceTotal,
      /** Its feed had dropped it: seen again, it is offered again. */
      goneAt: feedOffers.goneAt,
      status: apartments.status,
      publishedAt: apartments.publishedAt,
      leads: leadsItsListing(db).mapWith(Boolean),
    })
    // Joined to the batch's ids, not filtered by `= ANY`: on a table whose statistics are stale (a first big import,
    // before any ANALYZE) the planner may scan it and test each row against all 2 000 ids.
    .from(sql`unnest(${sql.param(offers.map((o) => o.offer.internalId))}::text[]) AS w(internal_id)`)
    .innerJoin(feedOffers, and(eq(feedOffers.source, source), sql`${feedOffers.internalId} = w.internal_id`))
    .innerJoin(apartments, eq(apartments.id, feedOffers.apartmentId));
  const known = new Map(knownRows.map((r) => [r.internalId, r]));
  const same: ValidOffer[] = [];
  const changed: ValidOffer[] = [];
  for (const o of offers) {
    const k = known.get(o.offer.internalId);
    (k && k.contentHash === o.hash && k.goneAt === null && k.status === 'ACTIVE' ? same : changed).push(o);
  }
  outcome.unchanged = same.length;
  const params: unknown[] = [];
  const statements: string[] = [];
  if (same.length > 0) {
    params.push(
      importId,
      source,
      same.map((o) => o.offer.internalId),
    );
    const n = params.length;
    statements.push(`UPDATE feed_offers SET last_import_id = $${n - 2} WHERE source = $${n - 1} AND internal_id = ANY($${n}::text[])`);
  }
  const touched: number[] = [];
  if (changed.length > 0) {
    const fresh = changed.filter((o) => !known.has(o.offer.internalId));
    // Another feed writing the same buildings waits here until this batch commits (and this one for it).
    await claimPlaces(
      db,
      changed.flatMap(({ offer }) => {
        const developer = developerKey(offer);
        return [`house:${offer.house.key}`, `complex:${offer.complex.key}`, ...(developer ? [`developer:${developer}`] : [])];
      }),
    );
    const places = await resolvePlaces(db, changed, fresh.length);
    const houseOf = (o: FeedOffer) => places.ids.house.get(o.house.key)!;
    const cadastral = fresh.flatMap((o) => (o.offer.cadastralNumber ? [o.offer.cadastralNumber] : []));
    const candidates =
      fresh.length > 0
        ? await candidatesFor(
            db,
            source,
            {
              houseIds: [...new Set(fresh.map((o) => houseOf(o.offer)))],
              complexIds: [...new Set(fresh.map((o) => places.ids.complex.get(o.offer.complex.key)!))],
            },
            cadastral,
          )
        : [];
    const joined = matchOffers(
      fresh.map((o) => ({ offer: o.offer, houseId: houseOf(o.offer) })),
      candidates,
    );
    const idOf = new Map(fresh.map((o, i) => [o.offer.internalId, joined.get(o.offer.internalId) ?? places.apartmentIds[i]!]));
    const rows = changed.map((o) => {
      const k = known.get(o.offer.internalId);
      const id = k?.apartmentId ?? idOf.get(o.offer.internalId)!;
      const apartment = apartmentRow(
        o.offer,
        id,
        houseOf(o.offer),
        places.ids.complex.get(o.offer.complex.key)!,
        k?.publishedAt.getTime() ?? o.offer.publishedAt,
      );
      // The apartment's row and photos are its lead offer's: a new listing's, or the earliest source still offering it.
      const leads = k ? k.leads : !joined.has(o.offer.internalId);
      return { o, k, id, apartment, leads, priced: k?.priceTotal !== o.offer.priceTotal, newImages: !k || k.contentHash !== o.hash };
    });
    const leading = rows.filter((r) => r.leads);
    // A rewritten listing leaves first: its new row and photos take the same keys.
    const rewritten = leading.filter((r) => r.k);
    if (rewritten.length > 0)
      await runTogether(
        db,
        ['DELETE FROM apartments WHERE id = ANY($1::int[])', 'DELETE FROM feed_images WHERE apartment_id = ANY($2::int[])'],
        [rewritten.map((r) => r.id), rewritten.filter((r) => r.newImages).map((r) => r.id)],
      );
    if (leading.length > 0)
      statements.push(
        unnestInsert(
          'apartments',
          leading.map((r) => r.apartment),
          APARTMENT_COLUMNS,
          params,
        ),
      );
    const constants = params.push(source, importId, now.toISOString());
    statements.push(
      `INSERT INTO feed_offers (source, internal_id, apartment_id, content_hash, price_total, last_import_id, url, agent, description, details,
         cadastral_number, updated_at, joined_at)
       SELECT $${constants - 2}, t.internal_id, t.apartment_id, t.hash, t.price, $${constants - 1}::int8, t.url, t.agent, t.description,
         t.details::jsonb, t.cadastral, $${constants}::timestamptz, $${constants}::timestamptz
       FROM ${unnestOf(params, [
         ['text', rows.map((r) => r.o.offer.internalId)],
         ['int', rows.map((r) => r.id)],
         ['text', rows.map((r) => r.o.hash)],
         ['int8', rows.map((r) => r.o.offer.priceTotal)],
         ['text', rows.map((r) => r.o.offer.advert.url)],
         ['text', rows.map((r) => r.o.offer.advert.agent)],
         ['text', rows.map((r) => r.o.offer.advert.description)],
         ['text', rows.map((r) => JSON.stringify(r.o.offer.details))],
         ['text', rows.map((r) => r.o.offer.cadastralNumber ?? null)],
       ])} AS t(internal_id, apartment_id, hash, price, url, agent, description, details, cadastral)
       ON CONFLICT (source, internal_id) DO UPDATE SET content_hash = excluded.content_hash, price_total = excluded.price_total,
         last_import_id = excluded.last_import_id, url = excluded.url, agent = excluded.agent, description = excluded.description,
         details = excluded.details, cadastral_number = excluded.cadastral_number, updated_at = excluded.updated_at, gone_at = NULL`,
    );
    const priced = rows.filter((r) => r.priced);
    if (priced.length > 0)
      statements.push(
        `INSERT INTO feed_offer_prices (source, internal_id, observed_at, price_total)
         SELECT $${constants - 2}, t.internal_id, $${constants}::timestamptz, t.price FROM ${unnestOf(params, [
           ['text', priced.map((r) => r.o.offer.internalId)],
           ['int8', priced.map((r) => r.o.offer.priceTotal)],
         ])} AS t(internal_id, price) ON CONFLICT DO NOTHING`,
      );
    const images = leading
      .filter((r) => r.newImages)
      .flatMap((r) => r.o.offer.images.map((image, position) => ({ apartmentId: r.id, position, ...image })));
    if (images.length > 0)
      statements.push(
        unnestInsert(
          'feed_images',
          images,
          [
            ['apartment_id', 'int', (i) => i.apartmentId],
            ['position', 'int2', (i) => i.position],
            ['url', 'text', (i) => i.url],
            ['tag', 'text', (i) => i.tag],
            ['status', 'text', () => 'pending'],
          ],
          params,
        ),
      );
    for (const r of rows) {
      (r.k || joined.has(r.o.offer.internalId) ? outcome.updated : outcome.created).push(r.id);
      outcome.cityIds.add(r.apartment.cityId);
      outcome.complexIds.add(r.apartment.complexId);
      touched.push(r.id);
    }
    outcome.priceChanges = priced.filter((r) => r.k).length;
  }
  await runTogether(db, statements, params);
  await settleBestPrices(db, [...new Set(touched)], now);
  return outcome;
}

/** `unnest($a::type[], $b::type[])` with the arrays appended to `params`. */
function unnestOf(params: unknown[], arrays: Array<[type: string, values: unknown[]]>): string {
  const casts = arrays.map(([type, values]) => {
    params.push(values);
    return `$${params.length}::${type}[]`;
  });
  return `unnest(${casts.join(', ')})`;
}

/** The columns a batch looks rows up by (its offers, their listings and places): statistics of these alone are quick. */
const LOOKED_UP =
  'feed_offers (source, internal_id, apartment_id, cadastral_number, gone_at), apartments (id, complex_id, house_id), feed_places';

/** Rows in feed_offers when the planner last counted them (0 for a table never analysed). */
export async function plannedOfferRows(db: Queryable): Promise<number> {
  const [row] = await db.orm
    .select({ n: sql`greatest(reltuples, 0)::float8`.mapWith(Number) })
    .from(sql`pg_class`)
    .where(sql`relname = 'feed_offers'`);
  return row?.n ?? 0;
}

/**
 * Refreshes the planner's statistics of the tables a batch reads back. A big first import grows them from nothing,
 * and with stale statistics (PGlite never analyses by itself; autovacuum may lag or be off) the planner scans every
 * offer on each batch's look-ups: a 100 000-offer import spent more time there than in writing.
 */
export async function refreshStatistics(db: Queryable): Promise<void> {
  await db.query(`ANALYZE ${LOOKED_UP}`);
}

/** Notes that this import saw these offers without rewriting them (offers the feed spoilt keep their last version). */
export async function keepSeen(db: Queryable, source: string, importId: number, internalIds: string[]): Promise<void> {
  for (let start = 0; start < internalIds.length; start += 10_000)
    await db.query('UPDATE feed_offers SET last_import_id = $1 WHERE source = $2 AND internal_id = ANY($3::text[])', [
      importId,
      source,
      internalIds.slice(start, start + 10_000),
    ]);
}

export interface LeftListing {
  id: number;
  cityId: number;
  complexId: number;
  /** No source offers it any more: it is sold (kept, so favourites still show it). */
  sold: boolean;
}

/**
 * After a complete full feed: its offers this import did not see are gone from this source. A listing another source
 * still offers stays, at the best price left, and its new lead offer is written again by its own feed's next import
 * (its facts and photos become the listing's); a listing no source offers is sold.
 */
export async function markMissingGone(db: Transactional, source: string, importId: number, now: Date): Promise<LeftListing[]> {
  return db.transaction(async (tx) => {
    // The same buildings' locks as a batch's: a feed joining one of these listings right now waits, or is waited for.
    await tx.query(
      `SELECT count(pg_advisory_xact_lock(k)) FROM (
         SELECT DISTINCT hashtextextended('feed-place:house:' || p.key, 0) AS k
         FROM feed_offers f JOIN apartments a ON a.id = f.apartment_id JOIN feed_places p ON p.kind = 'house' AND p.id = a.house_id
         WHERE f.source = $1 AND f.last_import_id <> $2 AND f.gone_at IS NULL ORDER BY 1
       ) s`,
      [source, importId],
    );
    const left = await tx.orm
      .update(feedOffers)
      .set({ goneAt: now })
      .where(and(eq(feedOffers.source, source), ne(feedOffers.lastImportId, importId), isNull(feedOffers.goneAt)))
      .returning({ apartmentId: feedOffers.apartmentId });
    const ids = [...new Set(left.map((r) => r.apartmentId))];
    if (ids.length === 0) return [];
    const rows = await tx.orm
      .select({
        id: apartments.id,
        cityId: apartments.cityId,
        complexId: apartments.complexId,
        offered: exists(
          tx.orm
            .select({ one: sql`1` })
            .from(feedOffers)
            .where(and(eq(feedOffers.apartmentId, apartments.id), isNull(feedOffers.goneAt))),
        ).mapWith(Boolean),
      })
      .from(apartments)
      .where(and(anyOf(apartments.id, ids, 'int'), ne(apartments.status, 'SOLD')));
    const kept = rows.filter((r) => r.offered).map((r) => r.id);
    const sold = rows.filter((r) => !r.offered).map((r) => r.id);
    if (sold.length > 0)
      await tx.orm
        .update(apartments)
        .set({ status: 'SOLD' })
        .where(anyOf(apartments.id, sold, 'int'));
    if (kept.length > 0) {
      await settleBestPrices(tx, kept, now);
      // The lead (maybe a new one) is rewritten at its feed's next import: a hash that matches nothing.
      await tx.orm
        .update(feedOffers)
        .set({ contentHash: '' })
        .where(and(anyOf(feedOffers.apartmentId, kept, 'int'), isNull(feedOffers.goneAt), leadsItsListing(tx)));
    }
    return rows.map((r) => ({ id: r.id, cityId: r.cityId, complexId: r.complexId, sold: !r.offered }));
  });
}

/** This month's average asking ₽/m² of the touched complexes: the analytics charts and the APART history read it. */
export async function recordComplexPrices(db: Queryable, complexIds: number[], now: Date): Promise<void> {
  if (complexIds.length === 0) return;
  const month = now.toISOString().slice(0, 7);
  await db.query(
    `INSERT INTO complex_price_history (complex_id, month, price_per_meter)
     SELECT complex_id, $1, round(avg(price_per_meter))::int FROM apartments
     WHERE complex_id = ANY($2::int[]) AND status = 'ACTIVE' GROUP BY complex_id
     ON CONFLICT (complex_id, month) DO UPDATE SET price_per_meter = excluded.price_per_meter`,
    [month, complexIds],
  );
}
