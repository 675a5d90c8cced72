import { and, asc, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import { feedImages } from '../../feeds/schema';
import { FEED_ID_BASE, apartments, catalogueMeta, complexes, developers, houses } from '../schema';
import type { Queryable, Transactional } from '../../core/database';
import type { Apartment, Catalogue, Complex, House, InfraPoint, PricePoint } from '../../core/model';

const CHUNK = 10_000;

export type Column<T> = [name: string, sqlType: string, pick: (row: T) => unknown];

/**
 * `INSERT INTO table (…) SELECT * FROM unnest($n::type[], …)` with one array per column appended to `params`:
 * one statement for any number of rows, no ORM row loop. Several can run as one query (see `runInserts`).
 */
export function unnestInsert<T>(table: string, rows: readonly T[], columns: Column<T>[], params: unknown[]): string {
  const names = columns.map(([name]) => name).join(', ');
  const casts = columns
    .map(([, type, pick]) => {
      params.push(rows.map((row) => (type === 'jsonb' ? JSON.stringify(pick(row)) : pick(row))));
      return type === 'jsonb' ? `$${params.length}::text[]::jsonb[]` : `$${params.length}::${type}[]`;
    })
    .join(', ');
  return `INSERT INTO ${table} (${names}) SELECT * FROM unnest(${casts})`;
}

/** Bulk insert, one statement per 10k rows. */
export async function insertColumns<T>(db: Queryable, table: string, rows: readonly T[], columns: Column<T>[]): Promise<void> {
  for (let start = 0; start < rows.length; start += CHUNK) {
    const params: unknown[] = [];
    await db.query(unnestInsert(table, rows.slice(start, start + CHUNK), columns, params), params);
  }
}

/** Several data-changing statements sharing one parameter list, in one round trip (data-modifying CTEs). */
export async function runTogether(db: Queryable, statements: string[], params: unknown[]): Promise<void> {
  if (statements.length === 0) return;
  const last = statements[statements.length - 1]!;
  const before = statements.slice(0, -1).map((sql, i) => `s${i} AS (${sql})`);
  await db.query(before.length > 0 ? `WITH ${before.join(', ')} ${last}` : last, params);
}

export const COMPLEX_COLUMNS: Column<Complex>[] = [
  ['id', 'int', (c) => c.id],
  ['city_id', 'int', (c) => c.cityId],
  ['area_id', 'int', (c) => c.areaId],
  ['developer_id', 'int', (c) => c.developerId],
  ['name', 'text', (c) => c.name],
  ['realty_type', 'text', (c) => c.realtyType],
  ['complex_class', 'text', (c) => c.complexClass],
  ['house_type', 'text', (c) => c.houseType],
  ['floors_max', 'int', (c) => c.floorsMax],
  ['ceiling_height', 'real', (c) => c.ceilingHeight],
  ['parking', 'bool', (c) => c.parking],
  ['closed_yard', 'bool', (c) => c.closedYard],
  ['lat', 'float8', (c) => c.lat],
  ['lng', 'float8', (c) => c.lng],
  ['centre_distance_m', 'int', (c) => c.centreDistanceM],
  ['metro', 'jsonb', (c) => c.metro],
  ['infra_distance', 'jsonb', (c) => c.infraDistanceM],
  ['image_count', 'int', (c) => c.imageCount],
];

export const HOUSE_COLUMNS: Column<House>[] = [
  ['id', 'int', (h) => h.id],
  ['complex_id', 'int', (h) => h.complexId],
  ['name', 'text', (h) => h.name],
  ['address', 'text', (h) => h.address],
  ['floors', 'int', (h) => h.floors],
  ['deadline', 'int', (h) => h.deadline],
  ['stage_is_put', 'bool', (h) => h.stageIsPut],
  ['lat', 'float8', (h) => h.lat],
  ['lng', 'float8', (h) => h.lng],
];

export const APARTMENT_COLUMNS: Column<Apartment>[] = [
  ['id', 'int', (a) => a.id],
  ['house_id', 'int', (a) => a.houseId],
  ['complex_id', 'int', (a) => a.complexId],
  ['city_id', 'int', (a) => a.cityId],
  ['area_id', 'int', (a) => a.areaId],
  ['rooms_cnt', 'int2', (a) => a.roomsCnt],
  ['area_total', 'real', (a) => a.areaTotal],
  ['area_kitchen', 'real', (a) => a.areaKitchen],
  ['area_residential', 'real', (a) => a.areaResidential],
  ['floor', 'int2', (a) => a.floor],
  ['floors', 'int2', (a) => a.floors],
  ['layout_code', 'text', (a) => a.layoutCode],
  ['price_total', 'int8', (a) => a.priceTotal],
  ['price_per_meter', 'int', (a) => a.pricePerMeter],
  ['realty_type', 'text', (a) => a.realtyType],
  ['is_apart_hotel', 'bool', (a) => a.isApartHotel],
  ['renovation', 'text', (a) => a.renovation],
  ['deadline', 'int', (a) => a.deadline],
  ['stage_is_put', 'bool', (a) => a.stageIsPut],
  ['status', 'text', (a) => a.status],
  ['published_at', 'timestamptz', (a) => new Date(a.publishedAt).toISOString()],
];

const INFRA_COLUMNS: Column<InfraPoint>[] = [
  ['id', 'int', (p) => p.id],
  ['city_id', 'int', (p) => p.cityId],
  ['kind', 'text', (p) => p.kind],
  ['name', 'text', (p) => p.name],
  ['lat', 'float8', (p) => p.lat],
  ['lng', 'float8', (p) => p.lng],
];

const HISTORY_COLUMNS: Column<PricePoint>[] = [
  ['complex_id', 'int', (p) => p.complexId],
  ['month', 'text', (p) => p.month],
  ['price_per_meter', 'int', (p) => p.pricePerMeter],
];

/** The generated catalogue's rows: everything below the feeds' id range (server/feeds/schema.ts). */
const GENERATED_ROWS: Array<[table: string, idColumn: string]> = [
  ['complex_price_history', 'complex_id'],
  ['infrastructure', 'id'],
  ['apartments', 'id'],
  ['houses', 'id'],
  ['complexes', 'id'],
  ['developers', 'id'],
];

/** Removes the generated catalogue and leaves what feeds imported (CATALOGUE=feeds, or before a rebuild). */
export async function deleteGeneratedCatalogue(db: Queryable): Promise<void> {
  for (const [table, id] of GENERATED_ROWS) await db.query(`DELETE FROM ${table} WHERE ${id} < $1`, [FEED_ID_BASE]);
}

/** Replaces the generated catalogue (imported listings stay) in one transaction and records what was built. */
export async function saveCatalogue(database: Transactional, catalogue: Catalogue, meta: Record<string, unknown>): Promise<void> {
  await database.transaction(async (db) => {
    await deleteGeneratedCatalogue(db);
    await insertColumns(db, 'developers', catalogue.developers, [
      ['id', 'int', (d) => d.id],
      ['name', 'text', (d) => d.name],
    ]);
    await insertColumns(db, 'complexes', catalogue.complexes, COMPLEX_COLUMNS);
    await insertColumns(db, 'houses', catalogue.houses, HOUSE_COLUMNS);
    await insertColumns(db, 'apartments', catalogue.apartments, APARTMENT_COLUMNS);
    await insertColumns(db, 'infrastructure', catalogue.infrastructure, INFRA_COLUMNS);
    await insertColumns(db, 'complex_price_history', catalogue.priceHistory, HISTORY_COLUMNS);
    await db.orm
      .insert(catalogueMeta)
      .values({ key: 'catalogue', value: meta })
      .onConflictDoUpdate({ target: catalogueMeta.key, set: { value: meta, updatedAt: sql`now()` } });
  });
}

/** Adds listings (the live generator). */
export async function insertApartments(db: Queryable, rows: readonly Apartment[]): Promise<void> {
  await insertColumns(db, 'apartments', rows, APARTMENT_COLUMNS);
}

export async function readCatalogueMeta(db: Queryable): Promise<Record<string, unknown> | null> {
  const [row] = await db.orm.select({ value: catalogueMeta.value }).from(catalogueMeta).where(eq(catalogueMeta.key, 'catalogue'));
  return row?.value ?? null;
}

/** A complex as the model names its fields. */
const COMPLEX_FIELDS = {
  id: complexes.id,
  cityId: complexes.cityId,
  areaId: complexes.areaId,
  developerId: complexes.developerId,
  name: complexes.name,
  realtyType: complexes.realtyType,
  complexClass: complexes.complexClass,
  houseType: complexes.houseType,
  floorsMax: complexes.floorsMax,
  ceilingHeight: complexes.ceilingHeight,
  parking: complexes.parking,
  closedYard: complexes.closedYard,
  lat: complexes.lat,
  lng: complexes.lng,
  centreDistanceM: complexes.centreDistanceM,
  metro: complexes.metro,
  infraDistanceM: complexes.infraDistance,
  imageCount: complexes.imageCount,
};

/**
 * Listings as one JSON text of positional tuples: the drivers' row-by-row parsing of 50k rows
 * takes ~2.3 s on PGlite, one JSON.parse ~0.7 s; it keeps the cold start under 3 s.
 */
const APARTMENT_TUPLE = `json_build_array(id, house_id, complex_id, city_id, area_id, rooms_cnt, area_total, area_kitchen, area_residential,
  floor, floors, layout_code, price_total, price_per_meter, realty_type, is_apart_hotel, renovation, deadline, stage_is_put, status,
  (extract(epoch from published_at) * 1000)::bigint)`;

type ApartmentTuple = [
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  string,
  number,
  number,
  Apartment['realtyType'],
  boolean,
  Apartment['renovation'],
  number,
  boolean,
  Apartment['status'],
  number,
];

export async function selectApartments(db: Queryable, where?: SQL): Promise<Apartment[]> {
  const [row] = await db.orm
    .select({ json: sql`coalesce(json_agg(${sql.raw(APARTMENT_TUPLE)} ORDER BY ${apartments.id})::text, '[]')`.mapWith(String) })
    .from(apartments)
    .where(where);
  // The tuple's shape is APARTMENT_TUPLE's, written beside it: our own SQL's output, not outside input.
  return (JSON.parse(row?.json ?? '[]') as ApartmentTuple[]).map((t) => ({
    id: t[0],
    houseId: t[1],
    complexId: t[2],
    cityId: t[3],
    areaId: t[4],
    roomsCnt: t[5],
    areaTotal: t[6],
    areaKitchen: t[7],
    areaResidential: t[8],
    floor: t[9],
    floors: t[10],
    layoutCode: t[11],
    priceTotal: t[12],
    pricePerMeter: t[13],
    realtyType: t[14],
    isApartHotel: t[15],
    renovation: t[16],
    deadline: t[17],
    stageIsPut: t[18],
    status: t[19],
    publishedAt: t[20],
  }));
}

/** What the engine and the API keep in memory: every listing, complex, house and developer. */
export async function loadCatalogue(db: Queryable): Promise<Pick<Catalogue, 'apartments' | 'complexes' | 'houses' | 'developers'>> {
  // Sequential on purpose: PGlite serves one query at a time anyway.
  const apartments = await selectApartments(db);
  const places = await loadPlaces(db);
  const allDevelopers = await db.orm.select({ id: developers.id, name: developers.name }).from(developers);
  return { apartments, complexes: places.complexes, houses: places.houses, developers: allDevelopers };
}

/** Complexes and houses, of some cities or all: a feed import adds new ones to the cities it touched. */
export async function loadPlaces(db: Queryable, cityIds?: number[]): Promise<Pick<Catalogue, 'complexes' | 'houses'>> {
  const ofCities = cityIds ? inArray(complexes.cityId, cityIds) : undefined;
  const complexRows = await db.orm.select(COMPLEX_FIELDS).from(complexes).where(ofCities);
  const houseRows = await db.orm
    .select(getTableColumns(houses))
    .from(houses)
    .where(cityIds ? inArray(houses.complexId, db.orm.select({ id: complexes.id }).from(complexes).where(ofCities)) : undefined);
  return { complexes: complexRows, houses: houseRows };
}

/** A downloaded feed photo: its content hash names the files (server/feeds/images.ts); 'plan' is the layout. */
export interface Photo {
  key: string;
  tag: string | null;
}

/** The downloaded photos of imported apartments, in feed order, of some cities or all. */
export async function loadPhotos(db: Queryable, cityIds?: number[]): Promise<Map<number, Photo[]>> {
  const ok = eq(feedImages.status, 'ok');
  const select = db.orm.select({ apartmentId: feedImages.apartmentId, key: feedImages.contentKey, tag: feedImages.tag }).from(feedImages);
  const rows = await (
    cityIds
      ? select.innerJoin(apartments, and(eq(apartments.id, feedImages.apartmentId), inArray(apartments.cityId, cityIds))).where(ok)
      : select.where(ok)
  ).orderBy(asc(feedImages.apartmentId), asc(feedImages.position));
  const photos = new Map<number, Photo[]>();
  // An 'ok' image always has its content key (images.ts sets both at once).
  for (const r of rows) if (r.key) photos.set(r.apartmentId, [...(photos.get(r.apartmentId) ?? []), { key: r.key, tag: r.tag }]);
  return photos;
}

/** Listings of some cities, for a refresh after the market moved. */
export async function loadApartmentsOf(db: Queryable, cityIds: number[]): Promise<Apartment[]> {
  return selectApartments(db, inArray(apartments.cityId, cityIds));
}
