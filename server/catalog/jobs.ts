import type { FastifyInstance } from 'fastify';
import type { JobQueue } from '../infra/job-queue';
import { LIRA_JOBS } from '../lira/jobs';

/**
 * After the listings of some cities changed in the database (a market tick, a feed import, new photos): this
 * instance's memory and engine re-read them, the other instances hear it on the bus, and new listings go to the
 * AI-search agent as a job of its own.
 */
export async function followCatalogueChange(
  app: FastifyInstance,
  queue: JobQueue,
  change: { added: number[]; cityIds: number[] },
): Promise<void> {
  if (change.cityIds.length === 0) return;
  await app.memory.reloadCities(app.db, change.cityIds);
  app.engine.refresh(change.cityIds);
  await app.bus.publish('catalogue', { cityIds: change.cityIds });
  if (change.added.length > 0) await queue.send(LIRA_JOBS.newListings, { added: change.added, cityIds: change.cityIds });
}
