import type { Complex, InfraPoint } from '../core/model';
import {
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/**
 * Ids of everything a feed creates (apartments, houses, complexes, developers) start here, far above the generated
 * catalogue's (1…~60 000): the two never collide, and the generated one can be removed or rebuilt alone.
 */
export const FEED_ID_BASE = 1_000_000_000;

/** The catalogue tables (built by server/catalog/build.ts; the engine indexes them in memory). */
export const developers = pgTable('developers', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
});

export const complexes = pgTable(
  'complexes',
  {
    id: integer('id').primaryKey(),
    cityId: integer('city_id').notNull(),
    areaId: integer('area_id').notNull(),
    developerId: integer('developer_id'),
    name: text('name').notNull(),
    realtyType: text('realty_type').$type<Complex['realtyType']>().notNull(),
    complexClass: text('complex_class').$type<Complex['complexClass']>().notNull(),
    houseType: text('house_type').$type<Complex['houseType']>().notNull(),
    floorsMax: integer('floors_max').notNull(),
    ceilingHeight: real('ceiling_height').notNull(),
    parking: boolean('parking').notNull(),
    closedYard: boolean('closed_yard').notNull(),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    centreDistanceM: integer('centre_distance_m').notNull(),
    metro: jsonb('metro').$type<Complex['metro']>().notNull(),
    infraDistance: jsonb('infra_distance').$type<Complex['infraDistanceM']>().notNull(),
    imageCount: integer('image_count').notNull(),
  },
  (t) => [index('complexes_city_idx').on(t.cityId)],
);

export const houses = pgTable('houses', {
  id: integer('id').primaryKey(),
  complexId: integer('complex_id').notNull(),
  name: text('name').notNull(),
  address: text('address').notNull(),
  floors: integer('floors').notNull(),
  deadline: integer('deadline').notNull(),
  stageIsPut: boolean('stage_is_put').notNull(),
  lat: doublePrecision('lat').notNull(),
  lng: doublePrecision('lng').notNull(),
});

export const apartments = pgTable(
  'apartments',
  {
    id: integer('id').primaryKey(),
    houseId: integer('house_id').notNull(),
    complexId: integer('complex_id').notNull(),
    cityId: integer('city_id').notNull(),
    areaId: integer('area_id').notNull(),
    roomsCnt: smallint('rooms_cnt').notNull(),
    areaTotal: real('area_total').notNull(),
    areaKitchen: real('area_kitchen').notNull(),
    areaResidential: real('area_residential').notNull(),
    floor: smallint('floor').notNull(),
    floors: smallint('floors').notNull(),
    layoutCode: text('layout_code').notNull(),
    priceTotal: bigint('price_total', { mode: 'number' }).notNull(),
    pricePerMeter: integer('price_per_meter').notNull(),
    realtyType: text('realty_type').notNull(),
    isApartHotel: boolean('is_apart_hotel').notNull(),
    renovation: text('renovation').notNull(),
    deadline: integer('deadline').notNull(),
    stageIsPut: boolean('stage_is_put').notNull(),
    status: text('status').notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('apartments_city_idx').on(t.cityId), index('apartments_complex_idx').on(t.complexId)],
);

export const infrastructure = pgTable(
  'infrastructure',
  {
    id: integer('id').primaryKey(),
    cityId: integer('city_id').notNull(),
    kind: text('kind').$type<InfraPoint['kind']>().notNull(),
    name: text('name').notNull(),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
  },
  (t) => [index('infrastructure_city_idx').on(t.cityId)],
);

export const complexPriceHistory = pgTable(
  'complex_price_history',
  {
    complexId: integer('complex_id').notNull(),
    month: text('month').notNull(),
    pricePerMeter: integer('price_per_meter').notNull(),
  },
  (t) => [primaryKey({ columns: [t.complexId, t.month] })],
);

/** Which catalogue is in the database: builder version, size and date. */
export const catalogueMeta = pgTable('catalogue_meta', {
  key: text('key').primaryKey(),
  value: jsonb('value').$type<Record<string, unknown>>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Reference tables, seeded from server/catalog/data on every start (idempotent). */
export const cities = pgTable('cities', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  kladr: integer('kladr').notNull().unique(),
  hasMetro: boolean('has_metro').notNull(),
  cityIds: jsonb('city_ids').$type<number[]>().notNull(),
  title: text('title').notNull(),
  link: text('link').notNull().unique(),
  prepositional: text('prepositional').notNull(),
  lat: doublePrecision('lat').notNull(),
  lng: doublePrecision('lng').notNull(),
});

export const areas = pgTable(
  'areas',
  {
    id: integer('id').primaryKey(),
    cityId: integer('city_id').notNull(),
    name: text('name').notNull(),
    /** east, west, north, south, center, none. */
    groupName: text('group_name').notNull(),
    isRegion: boolean('is_region').notNull(),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
  },
  (t) => [index('areas_city_idx').on(t.cityId)],
);

export const metroStations = pgTable(
  'metro_stations',
  {
    id: integer('id').primaryKey(),
    cityId: integer('city_id').notNull(),
    name: text('name').notNull(),
    color: text('color').notNull(),
    lineId: text('line_id').notNull(),
    lineName: text('line_name').notNull(),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
  },
  (t) => [index('metro_city_idx').on(t.cityId)],
);
