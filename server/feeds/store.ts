import type { Apartment, Complex, House } from '../catalog/generator';
import { APARTMENT_COLUMNS, COMPLEX_COLUMNS, HOUSE_COLUMNS, insertColumns, type Queryable } from '../catalog/store';
import { normalizeName } from './geography';
import type { FeedOffer } from './map-offer';

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

/** Infrastructure is not in feeds: every kind counts as far until a source for it exists. */
const FAR = { SCHOOL: 99_999, KINDERGARTEN: 99_999, PARK: 99_999, SHOP: 99_999, CLINIC: 99_999 };

async function takeIds(db: Queryable, count: number): Promise<number[]> {
  if (count === 0) return [];
  const { rows } = await db.query<{ id: number }>(`SELECT nextval('feed_ids')::int AS id FROM generate_series(1, $1)`, [count]);
  return rows.map((r) => r.id);
}

/** The ids of places (complexes, houses, developers) by key; the missing ones are made by `create` with fresh ids. */
async function placeIds(
  db: Queryable,
  kind: 'complex' | 'house' | 'developer',
  keys: string[],
  create: (fresh: Array<{ key: string; id: number }>) => Promise<void>,
): Promise<Map<string, number>> {
  const unique = [...new Set(keys)];
  const { rows } = await db.query<{ key: string; id: number }>(
    'SELECT key, id FROM feed_places WHERE kind = $1 AND key = ANY($2::text[])',
    [kind, unique],
  );
  const ids = new Map(rows.map((r) => [r.key, r.id]));
  const missing = unique.filter((key) => !ids.has(key));
  const fresh = (await takeIds(db, missing.length)).map((id, i) => ({ key: missing[i]!, id }));
  if (fresh.length === 0) return ids;
  await create(fresh);
  await db.query('INSERT INTO feed_places (kind, key, id) SELECT $1, * FROM unnest($2::text[], $3::int[])', [
    kind,
    fresh.map((f) => f.key),
    fresh.map((f) => f.id),
  ]);
  for (const f of fresh) ids.set(f.key, f.id);
  return ids;
}

function firstByKey<T>(offers: ValidOffer[], key: (o: FeedOffer) => T): Map<T, FeedOffer> {
  const out = new Map<T, FeedOffer>();
  for (const { offer } of offers) if (!out.has(key(offer))) out.set(key(offer), offer);
  return out;
}

async function complexIdsOf(db: Queryable, offers: ValidOffer[]): Promise<Map<string, number>> {
  const developerNames = [...new Set(offers.map((o) => o.offer.complex.developer).filter((d): d is string => d !== null))];
  const developers = await placeIds(db, 'developer', developerNames.map(normalizeName), async (fresh) => {
    const nameOf = new Map(developerNames.map((name) => [normalizeName(name), name]));
    await insertColumns(db, 'developers', fresh, [
      ['id', 'int', (d) => d.id],
      ['name', 'text', (d) => nameOf.get(d.key) ?? d.key],
    ]);
  });
  const first = firstByKey(offers, (o) => o.complex.key);
  const floorsMax = new Map<string, number>();
  for (const { offer } of offers) floorsMax.set(offer.complex.key, Math.max(floorsMax.get(offer.complex.key) ?? 0, offer.floors));
  return placeIds(db, 'complex', [...first.keys()], async (fresh) => {
    const rows: Complex[] = fresh.map(({ key, id }) => {
      const o = first.get(key)!;
      return {
        id,
        cityId: o.cityId,
        areaId: o.areaId,
        developerId: o.complex.developer ? (developers.get(normalizeName(o.complex.developer)) ?? null) : null,
        name: o.complex.name,
        realtyType: o.realtyType,
        complexClass: o.complex.complexClass,
        houseType: o.complex.houseType,
        floorsMax: floorsMax.get(key) ?? o.floors,
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
    });
    await insertColumns(db, 'complexes', rows, COMPLEX_COLUMNS);
  });
}

async function houseIdsOf(db: Queryable, offers: ValidOffer[], complexes: Map<string, number>): Promise<Map<string, number>> {
  const first = firstByKey(offers, (o) => o.house.key);
  return placeIds(db, 'house', [...first.keys()], async (fresh) => {
    const rows: House[] = fresh.map(({ key, id }) => {
      const o = first.get(key)!;
      return {
        id,
        complexId: complexes.get(o.complex.key)!,
        name: o.house.name,
        address: o.house.address,
        floors: o.floors,
        deadline: o.deadline,
        stageIsPut: o.stageIsPut,
        lat: o.lat,
        lng: o.lng,
      };
    });
    await insertColumns(db, 'houses', rows, HOUSE_COLUMNS);
  });
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

interface Known {
  internal_id: string;
  apartment_id: number;
  content_hash: string;
  price_total: number;
  status: string;
  published_at: number;
}

async function saveImages(db: Queryable, rows: Array<{ apartmentId: number; offer: FeedOffer }>): Promise<void> {
  const images = rows.flatMap(({ apartmentId, offer }) => offer.images.map((image, position) => ({ apartmentId, position, ...image })));
  await db.query('DELETE FROM feed_images WHERE apartment_id = ANY($1::int[])', [rows.map((r) => r.apartmentId)]);
  await insertColumns(db, 'feed_images', images, [
    ['apartment_id', 'int', (i) => i.apartmentId],
    ['position', 'int2', (i) => i.position],
    ['url', 'text', (i) => i.url],
    ['tag', 'text', (i) => i.tag],
    ['status', 'text', () => 'pending'],
  ]);
}

/**
 * Writes one batch of valid offers in the caller's transaction: new offers get an apartment (and, if needed, a
 * complex and a house), changed ones are rewritten, unchanged ones only note that this import saw them.
 * A new or changed price appends a point to the apartment's price history.
 */
export async function applyBatch(db: Queryable, importId: number, source: string, offers: ValidOffer[], now: Date): Promise<BatchOutcome> {
  const outcome: BatchOutcome = { created: [], updated: [], unchanged: 0, priceChanges: 0, cityIds: new Set(), complexIds: new Set() };
  if (offers.length === 0) return outcome;
  const { rows: knownRows } = await db.query<Known>(
    `SELECT f.internal_id, f.apartment_id, f.content_hash, f.price_total, a.status, (extract(epoch from a.published_at) * 1000)::float8 AS published_at
     FROM feed_offers f JOIN apartments a ON a.id = f.apartment_id
     WHERE f.source = $1 AND f.internal_id = ANY($2::text[])`,
    [source, offers.map((o) => o.offer.internalId)],
  );
  const known = new Map(knownRows.map((r) => [r.internal_id, r]));
  const same = offers.filter((o) => {
    const k = known.get(o.offer.internalId);
    return k && k.content_hash === o.hash && k.status === 'ACTIVE';
  });
  const changed = offers.filter((o) => !same.includes(o));
  outcome.unchanged = same.length;
  await db.query('UPDATE feed_offers SET last_import_id = $1 WHERE source = $2 AND internal_id = ANY($3::text[])', [
    importId,
    source,
    same.map((o) => o.offer.internalId),
  ]);
  if (changed.length === 0) return outcome;

  const complexes = await complexIdsOf(db, changed);
  const houses = await houseIdsOf(db, changed, complexes);
  const fresh = changed.filter((o) => !known.has(o.offer.internalId));
  const freshIds = await takeIds(db, fresh.length);
  const idOf = new Map(fresh.map((o, i) => [o.offer.internalId, freshIds[i]!]));
  for (const o of changed) {
    const k = known.get(o.offer.internalId);
    if (k) idOf.set(o.offer.internalId, k.apartment_id);
  }
  const rows = changed.map((o) => {
    const id = idOf.get(o.offer.internalId)!;
    const publishedAt = known.get(o.offer.internalId)?.published_at ?? o.offer.publishedAt;
    return {
      o,
      id,
      apartment: apartmentRow(o.offer, id, houses.get(o.offer.house.key)!, complexes.get(o.offer.complex.key)!, publishedAt),
    };
  });
  const rewritten = rows.filter((r) => known.has(r.o.offer.internalId)).map((r) => r.id);
  await db.query('DELETE FROM apartments WHERE id = ANY($1::int[])', [rewritten]);
  await insertColumns(
    db,
    'apartments',
    rows.map((r) => r.apartment),
    APARTMENT_COLUMNS,
  );
  await db.query(
    `INSERT INTO feed_offers (source, internal_id, apartment_id, content_hash, price_total, last_import_id, url, agent, description, updated_at)
     SELECT $1, t.internal_id, t.apartment_id, t.hash, t.price, $2, t.url, t.agent, t.description, $3
     FROM unnest($4::text[], $5::int[], $6::text[], $7::int8[], $8::text[], $9::text[], $10::text[])
       AS t(internal_id, apartment_id, hash, price, url, agent, description)
     ON CONFLICT (source, internal_id) DO UPDATE SET content_hash = excluded.content_hash, price_total = excluded.price_total,
       last_import_id = excluded.last_import_id, url = excluded.url, agent = excluded.agent, description = excluded.description,
       updated_at = excluded.updated_at`,
    [
      source,
      importId,
      now.toISOString(),
      rows.map((r) => r.o.offer.internalId),
      rows.map((r) => r.id),
      rows.map((r) => r.o.hash),
      rows.map((r) => r.o.offer.priceTotal),
      rows.map((r) => r.o.offer.advert.url),
      rows.map((r) => r.o.offer.advert.agent),
      rows.map((r) => r.o.offer.advert.description),
    ],
  );
  const priced = rows.filter((r) => known.get(r.o.offer.internalId)?.price_total !== r.o.offer.priceTotal);
  await db.query(
    `INSERT INTO apartment_price_history (apartment_id, observed_at, price_total)
     SELECT id, $1, price FROM unnest($2::int[], $3::int8[]) AS t(id, price) ON CONFLICT DO NOTHING`,
    [now.toISOString(), priced.map((r) => r.id), priced.map((r) => r.o.offer.priceTotal)],
  );
  const imagesChanged = rows.filter((r) => {
    const k = known.get(r.o.offer.internalId);
    return !k || k.content_hash !== r.o.hash;
  });
  await saveImages(
    db,
    imagesChanged.map((r) => ({ apartmentId: r.id, offer: r.o.offer })),
  );
  for (const r of rows) {
    (known.has(r.o.offer.internalId) ? outcome.updated : outcome.created).push(r.id);
    outcome.cityIds.add(r.apartment.cityId);
    outcome.complexIds.add(r.apartment.complexId);
  }
  outcome.priceChanges = priced.filter((r) => known.has(r.o.offer.internalId)).length;
  return outcome;
}

/** After a complete full feed: its offers this import did not see are sold (kept, so favourites still show them). */
export async function markMissingSold(
  db: Queryable,
  source: string,
  importId: number,
): Promise<Array<{ id: number; cityId: number; complexId: number }>> {
  const { rows } = await db.query<{ id: number; city_id: number; complex_id: number }>(
    `UPDATE apartments a SET status = 'SOLD' FROM feed_offers f
     WHERE f.apartment_id = a.id AND f.source = $1 AND f.last_import_id <> $2 AND a.status <> 'SOLD'
     RETURNING a.id, a.city_id, a.complex_id`,
    [source, importId],
  );
  return rows.map((r) => ({ id: r.id, cityId: r.city_id, complexId: r.complex_id }));
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
