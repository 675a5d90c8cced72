/**
 * Finished renders (pages, preview pictures) by key, each valid while its stamp is: the caller names what the render
 * was made from (an apartment's listing as it is now, the catalogue's version), so a changed listing is a miss on
 * the next request on every instance — whichever way the change reached this instance's memory (its own import or
 * market tick, or another instance's message on the bus) — with no message to lose or race.
 *
 * One render per key at a time: visitors asking for the same page while it is being made share that render. A
 * render that gives nothing (null: refused, failed, too slow) is not kept, so the next visitor gets another try.
 * Memory is bounded by the sum of `sizeOf` over the kept renders (least recently used go first) and by age.
 */
export interface RenderCache<T> {
  get(key: string, stamp: string, render: () => Promise<T | null>): Promise<T | null>;
  /** Renders kept now (tests, diagnostics). */
  readonly size: number;
}

export interface RenderCacheOptions<T> {
  /** Upper bound of the sum of `sizeOf` over kept renders. */
  maxBytes: number;
  sizeOf: (value: T) => number;
  /** A render older than this is made again even if its stamp still holds (what it shows beyond its stamp may have moved). */
  maxAgeMs: number;
  now?: () => number;
}

interface Kept<T> {
  stamp: string;
  value: T;
  bytes: number;
  at: number;
}

export function createRenderCache<T>(options: RenderCacheOptions<T>): RenderCache<T> {
  const now = options.now ?? Date.now;
  // A Map keeps insertion order: re-inserting on a hit makes the first key the least recently used.
  const kept = new Map<string, Kept<T>>();
  const making = new Map<string, { stamp: string; value: Promise<T | null> }>();
  let bytes = 0;

  const drop = (key: string) => {
    const entry = kept.get(key);
    if (!entry) return;
    kept.delete(key);
    bytes -= entry.bytes;
  };
  const keep = (key: string, stamp: string, value: T) => {
    drop(key);
    const size = options.sizeOf(value);
    // Bigger than the whole budget: served, never kept.
    if (size > options.maxBytes) return;
    kept.set(key, { stamp, value, bytes: size, at: now() });
    bytes += size;
    for (const oldest of kept.keys()) {
      if (bytes <= options.maxBytes) break;
      drop(oldest);
    }
  };

  return {
    get(key, stamp, render) {
      const hit = kept.get(key);
      if (hit && hit.stamp === stamp && now() - hit.at < options.maxAgeMs) {
        kept.delete(key);
        kept.set(key, hit);
        return Promise.resolve(hit.value);
      }
      if (hit) drop(key);
      const inFlight = making.get(key);
      if (inFlight && inFlight.stamp === stamp) return inFlight.value;
      const value = render();
      making.set(key, { stamp, value });
      // A render overtaken by one from a newer stamp is served to whoever asked for it, but not kept.
      const current = () => making.get(key)?.value === value;
      value.then(
        (result) => {
          if (!current()) return;
          making.delete(key);
          if (result !== null) keep(key, stamp, result);
        },
        () => current() && making.delete(key),
      );
      return value;
    },
    get size() {
      return kept.size;
    },
  };
}
