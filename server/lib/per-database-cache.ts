/**
 * Short-lived answers per user id, kept per database handle (each test server, each deployment has its own).
 *
 * Why it is safe: the instance that changes a user's rows forgets them at once (`forget`), so a user sees their own
 * change immediately wherever they write and read through the same instance. Another instance of the web role may
 * answer from its copy for at most `ttlMs` after a change made elsewhere — the price of not asking the database on
 * every request, and the reason the time is seconds, not minutes.
 */
export function perDatabaseCache<V, K extends number | string = number>(ttlMs: number, maxEntries = 50_000) {
  const caches = new WeakMap<object, Map<K, { at: number; value: Promise<V> }>>();
  const mapOf = (db: object) => {
    let map = caches.get(db);
    if (!map) caches.set(db, (map = new Map<K, { at: number; value: Promise<V> }>()));
    return map;
  };
  return {
    get(db: object, id: K, load: () => Promise<V>): Promise<V> {
      const map = mapOf(db);
      const now = Date.now();
      const hit = map.get(id);
      if (hit && now - hit.at < ttlMs) return hit.value;
      const value = load();
      if (map.size >= maxEntries) for (const oldest of map.keys()) if (map.delete(oldest)) break;
      map.set(id, { at: now, value });
      value.catch(() => map.get(id)?.value === value && map.delete(id));
      return value;
    },
    forget(db: object, ...ids: K[]): void {
      const map = caches.get(db);
      for (const id of ids) map?.delete(id);
    },
  };
}
