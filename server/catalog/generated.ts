import { apartments } from './schema';
import { deleteGeneratedCatalogue, readCatalogueMeta } from './repository/listings';
import type { Transactional } from '../core/database';

/** CATALOGUE=feeds: only imported listings; a generated catalogue left from an earlier start goes. Returns the listings left. */
export async function dropGeneratedCatalogue(db: Transactional): Promise<number> {
  if (await readCatalogueMeta(db))
    await db.transaction(async (tx) => {
      await deleteGeneratedCatalogue(tx);
      await tx.query(`DELETE FROM catalogue_meta WHERE key = 'catalogue'`);
    });
  return db.orm.$count(apartments);
}
