/**
 * Remembers an async function's answers by key, for data that does not change while the server runs (or may lag by
 * `ttlMs`). A failed answer is not kept. Concurrent first calls share one computation.
 */
export function memoize<A extends unknown[], R>(
  compute: (...args: A) => Promise<R>,
  options: { key: (...args: A) => string; ttlMs?: number; maxEntries?: number },
): (...args: A) => Promise<R> {
  const cache = new Map<string, { at: number; value: Promise<R> }>();
  const maxEntries = options.maxEntries ?? 1000;
  return (...args) => {
    const key = options.key(...args);
    const now = Date.now();
    const hit = cache.get(key);
    if (hit && (options.ttlMs === undefined || now - hit.at < options.ttlMs)) return hit.value;
    const value = compute(...args);
    if (cache.size >= maxEntries) for (const oldest of cache.keys()) if (cache.delete(oldest)) break;
    cache.set(key, { at: now, value });
    value.catch(() => cache.get(key)?.value === value && cache.delete(key));
    return value;
  };
}
