import { generateCatalogue } from './generator/generate';
import { cityInputs } from '../catalog/reference-data';
import { readCatalogueMeta, saveCatalogue } from '../catalog/repository/listings';
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
 * Builds the generated demo catalogue on first start (or when the generator or size changed); otherwise keeps what
 * is there. Registered only when CATALOGUE includes demo (server/bootstrap.ts).
 */
export async function ensureDemoCatalogue(
  db: Transactional,
  options: { size?: number; asOf?: Date; force?: boolean } = {},
): Promise<CatalogueBuildResult> {
  const size = options.size ?? DEFAULT_CATALOGUE_SIZE;
  const started = performance.now();
  const meta = await readCatalogueMeta(db);
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
