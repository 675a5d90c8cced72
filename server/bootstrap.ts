import { dropGeneratedCatalogue } from './catalog/generated';
import { seedReference } from './catalog/seed-reference';
import { seedTexts } from './content/texts';
import type { Database } from './db/connection';
import { seedExamplePrograms } from './mortgage';

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
  // Demonstration data (server/demo/) is loaded only when its setting is on.
  const demoCatalogue = options.demoCatalogue ?? true;
  if (options.demoPromocodes) await (await import('./demo')).seedDemoPromocodes(db);
  // The demo's example mortgage programmes go with the other demo data: never in production (where `demoPromocodes`
  // is off), never without the demo catalogue. Production would not show them even if a demo database were copied.
  if (options.demoPromocodes && demoCatalogue) await seedExamplePrograms(db);
  if (!demoCatalogue) {
    const started = performance.now();
    return { catalogueBuilt: false, apartments: await dropGeneratedCatalogue(db), ms: Math.round(performance.now() - started) };
  }
  const catalogue = await (await import('./demo')).ensureDemoCatalogue(db, { size: options.catalogueSize });
  return { catalogueBuilt: catalogue.built, apartments: catalogue.apartments, ms: Math.round(catalogue.milliseconds) };
}
