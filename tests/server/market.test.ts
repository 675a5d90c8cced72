import { describe, expect, it } from 'vitest';
import { runMarketTick } from '../../server/demo/market-job';
import { useTestServer } from './helpers';

describe('the market keeps moving', () => {
  const server = useTestServer('pglite');

  it('a tick adds new listings and sells some, and the engine sees both at once', async () => {
    const memory = server.memory();
    const before = memory.apartments.size;
    const now = new Date(Date.UTC(2026, 10, 22, 10));
    const engine = server.engine();
    const changes = await runMarketTick({ db: server.db, memory, engine, listingsPerTick: 5, soldPerTick: 2 }, now);
    expect(changes.added).toHaveLength(5);
    expect(changes.sold).toHaveLength(2);
    expect(memory.apartments.size).toBe(before + 5);
    for (const id of changes.added) {
      const a = memory.apartments.get(id)!;
      expect(a.publishedAt).toBe(now.getTime());
      expect(a.status).toBe('ACTIVE');
      expect(engine.columns(a.cityId)!.rowOf.has(id)).toBe(true);
    }
    for (const id of changes.sold) expect(memory.apartments.get(id)!.status).toBe('SOLD');
    // A fresh listing is findable; a sold one is not, unless sold listings are asked for.
    const fresh = memory.apartments.get(changes.added[0]!)!;
    const found = engine.rank(fresh.cityId, { filters: {}, limit: 100_000 });
    expect(found.items.some((i) => i.id === fresh.id)).toBe(true);
    const sold = memory.apartments.get(changes.sold[0]!)!;
    expect(engine.rank(sold.cityId, { filters: {}, limit: 100_000 }).items.some((i) => i.id === sold.id)).toBe(false);
    expect(engine.rank(sold.cityId, { filters: { includeSold: true }, limit: 100_000 }).items.some((i) => i.id === sold.id)).toBe(true);
  });
});
