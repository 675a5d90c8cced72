import { describe, expect, it, vi } from 'vitest';
import { perDatabaseCache } from '../../server/lib/per-database-cache';
import { useTestServer } from './helpers';

describe('short-lived read caches (the TOP list keeps up)', () => {
  const server = useTestServer('pglite');
  const body = { cityIds: [78], count: 30, page: 0 };
  type Item = { id: number; type: string };

  it('a like shows in the next TOP list at once, though the list is answered from memory', async () => {
    const token = await server.anonymousToken();
    const first = await server.request('topList', { token, body });
    const second = await server.request('topList', { token, body });
    expect(second.body).toEqual(first.body);
    const liked = (first.body.data.items as Item[])[0]!;
    await server.request('topReaction', { token, body: { apartmentId: liked.id, action: 'LIKE', notices: [] } });
    const after = await server.request('topList', { token, body });
    expect((after.body.data.items as Item[]).find((item) => item.id === liked.id)?.type).toBe('LIKED');
  });

  it('resetting a reaction shows in the next list at once', async () => {
    const token = await server.anonymousToken();
    const first = await server.request('topList', { token, body });
    const item = (first.body.data.items as Item[])[1]!;
    await server.request('topReaction', { token, body: { apartmentId: item.id, action: 'LIKE', notices: [] } });
    const liked = await server.request('topList', { token, body });
    expect((liked.body.data.items as Item[]).find((i) => i.id === item.id)?.type).toBe('LIKED');
    await server.request('topReaction', { token, body: { apartmentId: item.id, action: 'RESET_REACTION', notices: [] } });
    const reset = await server.request('topList', { token, body });
    expect((reset.body.data.items as Item[]).find((i) => i.id === item.id)?.type).toBe('NOT_VIEWED');
  });
});

describe('perDatabaseCache', () => {
  it('keeps an answer for its time, forgets on demand, and keeps databases apart', async () => {
    vi.useFakeTimers();
    try {
      const cache = perDatabaseCache<number>(5_000);
      const dbA = {};
      const dbB = {};
      let loads = 0;
      const load = () => Promise.resolve(++loads);
      expect(await cache.get(dbA, 1, load)).toBe(1);
      expect(await cache.get(dbA, 1, load)).toBe(1);
      expect(await cache.get(dbB, 1, load)).toBe(2);
      cache.forget(dbA, 1);
      expect(await cache.get(dbA, 1, load)).toBe(3);
      vi.advanceTimersByTime(5_001);
      expect(await cache.get(dbA, 1, load)).toBe(4);
    } finally {
      vi.useRealTimers();
    }
  });

  it('does not keep a failed answer', async () => {
    const cache = perDatabaseCache<number>(5_000);
    const db = {};
    await expect(cache.get(db, 1, () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get(db, 1, () => Promise.resolve(7))).toBe(7);
  });
});
