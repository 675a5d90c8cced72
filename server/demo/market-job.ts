import { applyMarketTick, type LiveChanges } from './market';
import type { CatalogueMemory } from '../catalog/memory';
import type { Database } from '../db/connection';
import type { Engine } from '../ranking/engine';
import type { FastifyInstance } from 'fastify';
import { followCatalogueChange } from '../catalog/jobs';
import { MARKET_JOB } from '../jobs';

export interface MarketOptions {
  db: Database;
  memory: CatalogueMemory;
  engine: Engine;
  listingsPerTick?: number;
  soldPerTick?: number;
}

const marketTickOptions = (now: Date, options: Pick<MarketOptions, 'listingsPerTick' | 'soldPerTick'> = {}) => ({
  add: options.listingsPerTick ?? 6,
  sell: options.soldPerTick ?? 3,
  now,
  seed: Math.floor(now.getTime() / 1000),
});

/** One tick: the database changes, then memory and the engine's columns of the touched cities follow. */
export async function runMarketTick(options: MarketOptions, now = new Date()): Promise<LiveChanges> {
  const changes = await applyMarketTick(options.db, marketTickOptions(now, options));
  await options.memory.reloadCities(options.db, changes.cityIds);
  options.engine.refresh(changes.cityIds);
  return changes;
}

/**
 * The tick as a job: one at a time across workers (singleton), and one per period however many workers ask (the
 * schedule's throttle). Every other instance hears of the touched cities on the bus and reloads them; the agent
 * then looks at the new listings as a job of its own.
 */
export async function defineMarketJob(app: FastifyInstance): Promise<void> {
  await app.queue.define({
    name: MARKET_JOB,
    policy: 'singleton',
    retryLimit: 0,
    expireInSeconds: 120,
    run: async () => {
      const changes = await applyMarketTick(app.db, marketTickOptions(new Date()));
      app.log.info(`рынок: +${changes.added.length} новых, ${changes.sold.length} продано`);
      await followCatalogueChange(app, app.queue, changes);
    },
  });
}
