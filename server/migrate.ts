import { prepareDatabase } from './bootstrap';
import { loadConfig } from './config';
import { openDatabase } from './db/connection';

/**
 * The deployment's migration step (`node dist/node/migrate.js`, compose's `migrate` service): migrations, reference
 * data, texts and the catalogue, under the same lock the instances take at start, so it may run beside them. The
 * instances would do the same at start; running it first keeps a slow migration out of their readiness.
 */
async function migrate(): Promise<void> {
  const config = loadConfig();
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.databaseUrl ? undefined : config.dataDir });
  try {
    const prepared = await db.exclusively('kvarta:startup', () =>
      prepareDatabase(db, {
        catalogueSize: config.catalogueSize,
        demoPromocodes: config.env !== 'production',
        demoCatalogue: config.catalogue.demo,
      }),
    );
    console.log(`База готова: ${prepared.apartments} квартир${prepared.catalogueBuilt ? ' (каталог собран)' : ''}`);
  } finally {
    await db.close();
  }
}

migrate().catch((error: unknown) => {
  console.error('Миграция не удалась:', error instanceof Error ? error.message : error);
  process.exit(1);
});
