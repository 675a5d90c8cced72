import { ensureCatalogue } from './catalog/build';
import { seedReference } from './catalog/seed-reference';
import { seedTexts } from './content/texts';
import type { Database } from './db/connection';
import { seedDemoPromocodes } from './subscription/demo-promocodes';

/**
 * Brings a database up to date: migrations, reference data, texts and the catalogue. `demoPromocodes`:
 * the documented demo codes (everywhere but production); `demoCatalogue`: false for CATALOGUE=feeds.
 */
export async function prepareDatabase(
  db: Database,
  options: { catalogueSize: number; demoPromocodes?: boolean; demoCatalogue?: boolean },
): Promise<{ catalogueBuilt: boolean; apartments: number; ms: number }> {
  await db.migrate();
  await seedReference(db);
  await seedTexts(db);
  if (options.demoPromocodes) await seedDemoPromocodes(db);
  const catalogue = await ensureCatalogue(db, { size: options.catalogueSize, demo: options.demoCatalogue ?? true });
  return { catalogueBuilt: catalogue.built, apartments: catalogue.apartments, ms: Math.round(catalogue.milliseconds) };
}
