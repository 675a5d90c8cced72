import { applyMarketTick, type LiveChanges } from '../catalog/live';
import type { CatalogueMemory } from '../catalog/memory';
import type { Database } from '../db/connection';
import type { Engine } from '../ranking/engine';

export interface MarketOptions {
  db: Database;
  memory: CatalogueMemory;
  engine: Engine;
  /** Minutes between ticks; 0 disables the job. */
  everyMinutes: number;
  listingsPerTick?: number;
  soldPerTick?: number;
  log?: (message: string) => void;
  /** After each tick (the AI-search agent looks at the new listings). */
  onTick?: (changes: LiveChanges) => Promise<void> | void;
}

/** One tick: the database changes, then memory and the engine's columns of the touched cities follow. */
export async function runMarketTick(options: Omit<MarketOptions, 'everyMinutes'>, now = new Date()): Promise<LiveChanges> {
  const changes = await applyMarketTick(options.db, {
    add: options.listingsPerTick ?? 6,
    sell: options.soldPerTick ?? 3,
    now,
    seed: Math.floor(now.getTime() / 1000),
  });
  await options.memory.reloadCities(options.db, changes.cityIds);
  options.engine.refresh(changes.cityIds);
  return changes;
}

/** Starts the periodic market; returns a stop function. Off (a no-op) when everyMinutes is 0. */
export function startMarket(options: MarketOptions): () => void {
  if (options.everyMinutes <= 0) return () => undefined;
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    runMarketTick(options)
      .then(async (c) => {
        options.log?.(`рынок: +${c.added.length} новых, ${c.sold.length} продано`);
        await options.onTick?.(c);
      })
      .catch((error: unknown) => options.log?.(`рынок: ошибка ${error instanceof Error ? error.message : String(error)}`))
      .finally(() => {
        running = false;
      });
  }, options.everyMinutes * 60_000);
  timer.unref();
  return () => clearInterval(timer);
}
