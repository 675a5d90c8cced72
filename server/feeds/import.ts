import type { FeedImport } from '@kvarta/contract/admin';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/connection';
import { buildGeography, type CityPlaces } from './geography';
import { mapOffer } from './map-offer';
import { feedImports } from './schema';
import { openFeed, type FeedStream } from './source';
import {
  applyBatch,
  keepSeen,
  markMissingGone,
  plannedOfferRows,
  recordComplexPrices,
  refreshStatistics,
  type ValidOffer,
} from './repository';
import { readYrlOffers, type FeedHeader } from './yrl/reader';

export type ImportCounts = FeedImport['counts'];
export type Rejected = FeedImport['rejected'][number];
/** A finished import: the operator's view of it (contract/admin.ts). */
export type ImportReport = FeedImport & { status: 'done' | 'failed'; finishedAt: string };

/** What the rest of the product must follow: memory, the engine and the agent. */
export interface ImportChanges {
  added: number[];
  changed: number[];
  cityIds: number[];
}

export interface ImportProgress {
  bytes: number;
  totalBytes: number | null;
  offers: number;
}

export interface ImportOptions {
  source: string;
  /** A file path or an http(s) URL. */
  location: string;
  /** A full feed (the default) lists everything on sale: its offers missing from it are sold. */
  full?: boolean;
  now?: () => Date;
  batchSize?: number;
  open?: (location: string) => Promise<FeedStream>;
  onProgress?: (progress: ImportProgress) => void;
  geography?: Map<number, CityPlaces>;
}

/** Rejections kept in the report; the count has them all. */
const KEPT_REJECTIONS = 500;

/** A feed URL's query may carry the agency's key: the report keeps the address without it. */
const withoutQuery = (location: string) => location.replace(/[?#].*$/, '');
const DEFAULT_BATCH = 2_000;

async function* counted(chunks: AsyncIterable<Uint8Array>, onBytes: (n: number) => void): AsyncIterable<Uint8Array> {
  for await (const chunk of chunks) {
    onBytes(chunk.byteLength);
    yield chunk;
  }
}

/**
 * Imports one feed. Offers are validated and mapped as the XML streams in, and written in batches, each batch in
 * its own transaction once all of it is valid. Only when the whole feed has been read does a full import mark the
 * source's missing offers sold: a feed that breaks off (bad XML, a dropped connection, a crash) changes prices and
 * adds listings up to that point but never takes anything off sale, and running it again finishes the job.
 * Imports of one source take turns (an advisory lock on PostgreSQL).
 */
export async function importFeed(db: Database, options: ImportOptions): Promise<{ report: ImportReport; changes: ImportChanges }> {
  return db.exclusively(`feed:${options.source}`, () => runImport(db, options));
}

async function runImport(db: Database, options: ImportOptions): Promise<{ report: ImportReport; changes: ImportChanges }> {
  const now = options.now ?? (() => new Date());
  const full = options.full ?? true;
  const started = now();
  const counts: ImportCounts = { read: 0, created: 0, updated: 0, unchanged: 0, sold: 0, skipped: 0, rejected: 0, priceChanges: 0 };
  const skipped: Record<string, number> = {};
  const rejected: Rejected[] = [];
  const changes = { added: [] as number[], changed: [] as number[], cityIds: new Set<number>() };
  const complexIds = new Set<number>();
  // A run that never finished (the process died) is history now.
  await db.orm
    .update(feedImports)
    .set({ status: 'failed', error: 'прервано', finishedAt: sql`now()` })
    .where(and(eq(feedImports.source, options.source), eq(feedImports.status, 'running')));
  const [created] = await db.orm
    .insert(feedImports)
    .values({
      source: options.source,
      location: withoutQuery(options.location),
      status: 'running',
      isFull: full,
      startedAt: started,
      // Nothing counted yet: the report is written when the import ends.
      counts: sql`'{}'`,
      skipped: {},
      rejected: [],
    })
    .returning({ id: feedImports.id });
  const importId = created!.id;
  const geography = options.geography ?? buildGeography(started);
  // An offer we had that this feed spoils (a broken price, say) keeps its last good version: it is not sold.
  const spoiled: string[] = [];
  const reject = (read: Rejected) => {
    // Copied: its texts are slices of the feed's decoded chunks (see mapOffer), and both lists live as long as the import.
    const entry = JSON.parse(JSON.stringify(read)) as Rejected;
    counts.rejected++;
    if (rejected.length < KEPT_REJECTIONS) rejected.push(entry);
    if (entry.internalId !== null && entry.element !== 'internal-id') spoiled.push(entry.internalId);
  };
  const seen = new Set<string>();
  // The statistics are refreshed as this import's new offers double (2 000, 4 000, …) while they are a fair share
  // of the table: a first import of a big feed, not a daily one into a full table.
  let analyseAt = Math.max(options.batchSize ?? DEFAULT_BATCH, (await plannedOfferRows(db)) / 5);
  let pending: ValidOffer[] = [];
  // One batch is written while the next is parsed: on PostgreSQL the two run side by side.
  let writing: Promise<void> = Promise.resolve();
  const flush = async () => {
    await writing;
    if (pending.length === 0) return;
    const batch = pending;
    pending = [];
    writing = write(batch);
    // Seen by the next flush or the catch below; meanwhile a failure must not count as unhandled.
    writing.catch(() => undefined);
  };
  const write = async (batch: ValidOffer[]) => {
    const outcome = await db.transaction(async (tx) => {
      // A batch lost to a crash just after its commit is written again by the next run: no need to wait for the disk.
      // JIT compiling pays off for long analytic queries, not for a batch's short ones (it cost ~20 ms each).
      if (db.kind === 'postgres') await tx.query('SET LOCAL synchronous_commit = off; SET LOCAL jit = off');
      return applyBatch(tx, importId, options.source, batch, now());
    });
    counts.created += outcome.created.length;
    counts.updated += outcome.updated.length;
    counts.unchanged += outcome.unchanged;
    counts.priceChanges += outcome.priceChanges;
    changes.added.push(...outcome.created);
    changes.changed.push(...outcome.updated);
    for (const id of outcome.cityIds) changes.cityIds.add(id);
    for (const id of outcome.complexIds) complexIds.add(id);
    if (counts.created >= analyseAt) {
      analyseAt = counts.created * 2;
      await refreshStatistics(db);
    }
  };
  let error: string | null = null;
  try {
    const feed = await (options.open ?? openFeed)(options.location);
    const progress: ImportProgress = { bytes: 0, totalBytes: feed.totalBytes, offers: 0 };
    const header: FeedHeader = { generationDate: null };
    for await (const offers of readYrlOffers(
      counted(feed.chunks, (n) => (progress.bytes += n)),
      header,
    )) {
      for (const element of offers) {
        counts.read++;
        if (element.refused) {
          reject({ internalId: element.attributes['internal-id']?.trim().slice(0, 200) || null, ...element.refused });
          continue;
        }
        const mapped = mapOffer(element, geography, started);
        if (mapped.kind === 'skipped') {
          counts.skipped++;
          skipped[mapped.reason] = (skipped[mapped.reason] ?? 0) + 1;
        } else if (mapped.kind === 'rejected') {
          reject({ internalId: mapped.internalId, element: mapped.element, reason: mapped.reason });
        } else if (seen.has(mapped.offer.internalId)) {
          reject({ internalId: mapped.offer.internalId, element: 'internal-id', reason: 'повторяется в фиде: взято первое' });
        } else {
          seen.add(mapped.offer.internalId);
          pending.push({ offer: mapped.offer, hash: mapped.hash });
        }
      }
      progress.offers = counts.read;
      options.onProgress?.(progress);
      if (pending.length >= (options.batchSize ?? DEFAULT_BATCH)) await flush();
    }
    await flush();
    await writing;
    if (full) {
      await keepSeen(db, options.source, importId, spoiled);
      const left = await markMissingGone(db, options.source, importId, now());
      counts.sold = left.filter((s) => s.sold).length;
      for (const s of left) {
        changes.cityIds.add(s.cityId);
        complexIds.add(s.complexId);
        changes.changed.push(s.id);
      }
    }
  } catch (failure) {
    error = failure instanceof Error ? failure.message : String(failure);
    // A batch still being written finishes (or fails) before the report is written.
    await writing.catch(() => undefined);
  }
  await recordComplexPrices(db, [...complexIds], started);
  const finished = now();
  const status = error ? 'failed' : 'done';
  await db.orm
    .update(feedImports)
    .set({ status, finishedAt: finished, counts, skipped, rejected, error })
    .where(eq(feedImports.id, importId));
  return {
    report: {
      id: importId,
      source: options.source,
      location: withoutQuery(options.location),
      status,
      full,
      startedAt: started.toISOString(),
      finishedAt: finished.toISOString(),
      counts,
      skipped,
      rejected,
      error,
    },
    changes: { added: changes.added, changed: changes.changed, cityIds: [...changes.cityIds] },
  };
}

/** The latest imports, newest first (the operator's view). */
export async function latestImports(db: Database, limit = 20): Promise<FeedImport[]> {
  const rows = await db.orm
    .select({
      id: feedImports.id,
      source: feedImports.source,
      location: feedImports.location,
      status: feedImports.status,
      full: feedImports.isFull,
      startedAt: feedImports.startedAt,
      finishedAt: feedImports.finishedAt,
      counts: feedImports.counts,
      skipped: feedImports.skipped,
      rejected: feedImports.rejected,
      error: feedImports.error,
    })
    .from(feedImports)
    .orderBy(desc(feedImports.startedAt), desc(feedImports.id))
    .limit(limit);
  return rows.map((r) => ({ ...r, startedAt: r.startedAt.toISOString(), finishedAt: r.finishedAt?.toISOString() ?? null }));
}
