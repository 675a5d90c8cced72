import { apartments } from './schema';
import { generateCatalogue } from './generator';
import { cityInputs } from './reference-data';
import { deleteGeneratedCatalogue, readCatalogueMeta, saveCatalogue } from './store';
import type { Transactional } from '../core/database';

/** Bump when the generator changes, so existing databases are rebuilt on the next start. */
export const CATALOGUE_VERSION = 2;
export const DEFAULT_CATALOGUE_SIZE = 50_000;

export interface CatalogueBuildResult {
  built: boolean;
  apartments: number;
  milliseconds: number;
}

/** The catalogue date: today at 00:00 UTC, so a rebuild on the same day is identical. */
export function catalogueDate(now = new Date()): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

/**
 * Builds the catalogue on first start (or when the builder or size changed); otherwise keeps what is there.
 */
export async function ensureCatalogue(
  db: Transactional,
  options: { size?: number; asOf?: Date; force?: boolean; demo?: boolean } = {},
): Promise<CatalogueBuildResult> {
  const size = options.size ?? DEFAULT_CATALOGUE_SIZE;
  const started = performance.now();
  const meta = await readCatalogueMeta(db);
  if (options.demo === false) {
    // CATALOGUE=feeds: only imported listings; a generated catalogue left from an earlier start goes.
    if (meta)
      await db.transaction(async (tx) => {
        await deleteGeneratedCatalogue(tx);
        await tx.query(`DELETE FROM catalogue_meta WHERE key = 'catalogue'`);
      });
    return { built: false, apartments: await db.orm.$count(apartments), milliseconds: performance.now() - started };
  }
  if (!options.force && meta && meta.version === CATALOGUE_VERSION && meta.size === size) {
    return { built: false, apartments: Number(meta.apartments ?? 0), milliseconds: performance.now() - started };
  }
  const asOf = options.asOf ?? catalogueDate();
  const catalogue = generateCatalogue(cityInputs(asOf).inputs, { asOf, totalApartments: size });
  await saveCatalogue(db, catalogue, {
    version: CATALOGUE_VERSION,
    size,
    apartments: catalogue.apartments.length,
    asOf: asOf.toISOString(),
  });
  return { built: true, apartments: catalogue.apartments.length, milliseconds: performance.now() - started };
}
