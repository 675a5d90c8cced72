import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import type { FeedImport } from '@kvarta/contract/admin';
import { FEED_ID_BASE } from '../catalog/schema';
import type { FeedDetails } from '../core/model';

/** Ids of everything a feed creates, from FEED_ID_BASE up. */
export const feedIds = pgSequence('feed_ids', { startWith: FEED_ID_BASE, minValue: FEED_ID_BASE, maxValue: 2_147_483_647 });

/** One offer of one feed: keyed by the feed's name and the offer's internal-id. */
export const feedOffers = pgTable(
  'feed_offers',
  {
    source: text('source').notNull(),
    internalId: text('internal_id').notNull(),
    /** The listing it is an advert of: several sources' offers of one flat share one (repository.ts matches them). */
    apartmentId: integer('apartment_id').notNull(),
    /** The flat's cadastral number as the feed gives it: the surest sign two sources sell the same flat. */
    cadastralNumber: text('cadastral_number'),
    /** When the offer's own feed stopped listing it; null while it is offered. */
    goneAt: timestamp('gone_at', { withTimezone: true }),
    /** When it became an advert of its listing: the earliest offered one leads (its facts and photos are the listing's). */
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
    /** Hash of everything mapped from the offer: an unchanged offer is not written again. */
    contentHash: text('content_hash').notNull(),
    priceTotal: bigint('price_total', { mode: 'number' }).notNull(),
    /** The last import that saw it: a full feed marks the others sold. */
    lastImportId: bigint('last_import_id', { mode: 'number' }).notNull(),
    /** The advert as the source publishes it. */
    url: text('url'),
    agent: text('agent'),
    description: text('description'),
    /** The seller, the feed's dates and the house facts as the feed gave them (FeedDetails); null before it was kept. */
    details: jsonb('details').$type<FeedDetails>(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.source, t.internalId] }),
    index('feed_offers_apartment_idx').on(t.apartmentId),
    index('feed_offers_cadastral_idx').on(t.cadastralNumber),
  ],
);

/** Every asking price one source's offer had, oldest first: the listing's own history is the best of them. */
export const feedOfferPrices = pgTable(
  'feed_offer_prices',
  {
    source: text('source').notNull(),
    internalId: text('internal_id').notNull(),
    observedAt: timestamp('observed_at', { withTimezone: true }).notNull(),
    priceTotal: bigint('price_total', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.source, t.internalId, t.observedAt] })],
);

/** Complexes, houses and developers made from feeds, by the key offers are grouped with (building id, name, address). */
export const feedPlaces = pgTable(
  'feed_places',
  {
    kind: text('kind').$type<'developer' | 'complex' | 'house'>().notNull(),
    key: text('key').notNull(),
    id: integer('id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.key] })],
);

/** One import: what it read and did, kept for the operator (GET /api/admin/feeds). */
export const feedImports = pgTable(
  'feed_imports',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    source: text('source').notNull(),
    location: text('location').notNull(),
    /** running, done, failed. */
    status: text('status').$type<FeedImport['status']>().notNull(),
    isFull: boolean('is_full').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    counts: jsonb('counts').$type<FeedImport['counts']>().notNull(),
    skipped: jsonb('skipped').$type<FeedImport['skipped']>().notNull(),
    rejected: jsonb('rejected').$type<FeedImport['rejected']>().notNull(),
    error: text('error'),
  },
  (t) => [index('feed_imports_started_idx').on(t.startedAt)],
);

/** Every asking price an imported apartment had, oldest first: a changed price appends a point. */
export const apartmentPriceHistory = pgTable(
  'apartment_price_history',
  {
    apartmentId: integer('apartment_id').notNull(),
    observedAt: timestamp('observed_at', { withTimezone: true }).notNull(),
    priceTotal: bigint('price_total', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.apartmentId, t.observedAt] })],
);

/** The photos of an imported apartment: downloaded and resized by a job, served by their content hash. */
export const feedImages = pgTable(
  'feed_images',
  {
    apartmentId: integer('apartment_id').notNull(),
    position: smallint('position').notNull(),
    url: text('url').notNull(),
    /** YRL's image tag: 'plan' is the layout. */
    tag: text('tag'),
    status: text('status').$type<'pending' | 'ok' | 'failed'>().notNull(),
    contentKey: text('content_key'),
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.apartmentId, t.position] }), index('feed_images_status_idx').on(t.status)],
);
