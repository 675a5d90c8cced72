import { ensureCatalogue } from './catalog/build';
import { seedReference } from './catalog/seed-reference';
import { seedTexts } from './content/texts';
import type { Database } from './db/connection';

/** Brings a database up to date: migrations, reference data, texts and the catalogue. */
export async function prepareDatabase(db: Database, options: { catalogueSize: number }): Promise<{ catalogueBuilt: boolean; apartments: number; ms: number }> {
  await db.migrate();
  await seedReference(db);
  await seedTexts(db);
  const catalogue = await ensureCatalogue(db, { size: options.catalogueSize });
  return { catalogueBuilt: catalogue.built, apartments: catalogue.apartments, ms: Math.round(catalogue.milliseconds) };
}
