import { generateCatalogue } from './generator/generate';
import { cityInputs } from '../catalog/reference-data';
import { readCatalogueMeta, saveCatalogue } from '../catalog/repository/listings';
import type { Transactional } from '../core/database';

/** Bump when the generator changes, so existing databases are rebuilt on the next start. */
export const CATALOGUE_VERSION = 3;
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

const quarterOf = (date: Date) => date.getUTCFullYear() * 10 + Math.floor(date.getUTCMonth() / 3) + 1;

/** Built in an earlier quarter: some houses it says are under construction have a deadline behind us. */
function outdated(meta: Record<string, unknown>, asOf: Date): boolean {
  const built = typeof meta.asOf === 'string' ? new Date(meta.asOf) : null;
  return !built || Number.isNaN(built.getTime()) || quarterOf(built) < quarterOf(asOf);
}

/**
 * Builds the generated demo catalogue on first start (or when the generator or size changed, or a new quarter began:
 * a new build's deadline always lies ahead); otherwise keeps what is there. Registered only when CATALOGUE includes
 * demo (server/bootstrap.ts).
 */
export async function ensureDemoCatalogue(
  db: Transactional,
  options: { size?: number; asOf?: Date; force?: boolean } = {},
): Promise<CatalogueBuildResult> {
  const size = options.size ?? DEFAULT_CATALOGUE_SIZE;
  const started = performance.now();
  const meta = await readCatalogueMeta(db);
  const asOf = options.asOf ?? catalogueDate();
  if (!options.force && meta && meta.version === CATALOGUE_VERSION && meta.size === size && !outdated(meta, asOf)) {
    return { built: false, apartments: Number(meta.apartments ?? 0), milliseconds: performance.now() - started };
  }
  const catalogue = generateCatalogue(cityInputs(asOf).inputs, { asOf, totalApartments: size });
  await saveCatalogue(db, catalogue, {
    version: CATALOGUE_VERSION,
    size,
    apartments: catalogue.apartments.length,
    asOf: asOf.toISOString(),
  });
  return { built: true, apartments: catalogue.apartments.length, milliseconds: performance.now() - started };
}
