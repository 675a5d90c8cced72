/**
 * A sliding-window limit in memory: at most `limit` hits per key within `windowMs`.
 * In memory on purpose: one server process per database (DATA_DIR lock), and a restart only
 * forgives a few requests. Keys are forgotten when their window empties.
 */
export class SlidingWindowLimiter {
  private readonly hits = new Map<string, number[]>();

  constructor(
    readonly limit: number,
    readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Milliseconds until the key may hit again; 0 when it may now. Does not record a hit. */
  retryAfter(key: string): number {
    const recent = this.recent(key);
    if (recent.length < this.limit) return 0;
    return Math.max(1, recent[recent.length - this.limit]! + this.windowMs - this.now());
  }

  hit(key: string): void {
    const recent = this.recent(key);
    recent.push(this.now());
    this.hits.set(key, recent);
  }

  private recent(key: string): number[] {
    const since = this.now() - this.windowMs;
    const recent = (this.hits.get(key) ?? []).filter((t) => t > since);
    if (recent.length === 0) this.hits.delete(key);
    else this.hits.set(key, recent);
    // Bound memory under a flood of distinct keys: drop the oldest keys.
    if (this.hits.size > 50_000) for (const k of [...this.hits.keys()].slice(0, 10_000)) this.hits.delete(k);
    return recent;
  }
}
