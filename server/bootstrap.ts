import { ensureCatalogue } from './catalog/build';
import { seedReference } from './catalog/seed-reference';
import { seedTexts } from './content/texts';
import type { Database } from './db/connection';
import { seedExamplePrograms } from './mortgage';
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
  // The demo's example mortgage programmes go with the other demo data: never in production (where `demoPromocodes`
  // is off), never without the demo catalogue. Production would not show them even if a demo database were copied.
  if (options.demoPromocodes && (options.demoCatalogue ?? true)) await seedExamplePrograms(db);
  const catalogue = await ensureCatalogue(db, { size: options.catalogueSize, demo: options.demoCatalogue ?? true });
  return { catalogueBuilt: catalogue.built, apartments: catalogue.apartments, ms: Math.round(catalogue.milliseconds) };
}
