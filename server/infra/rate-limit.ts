import { isIP } from 'node:net';
import { TooManyRequestsError } from '../core/errors';

export interface RateLimit {
  limit: number;
  windowMs: number;
}

export const TEN_MINUTES = 10 * 60_000;

/**
 * A sliding-window limit in memory: at most `limit` hits per key within `windowMs`. The embedded database's one
 * process counts here; instances sharing PostgreSQL count in the database instead (server/infra/limits.ts).
 * Keys are forgotten when their window empties.
 */
export class SlidingWindowLimiter {
  private readonly hits = new Map<string, number[]>();

  constructor(
    readonly limit: number,
    readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  static of(rule: RateLimit, now?: () => number): SlidingWindowLimiter {
    return new SlidingWindowLimiter(rule.limit, rule.windowMs, now);
  }

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

export const TOO_MANY_REQUESTS = 'Слишком много запросов. Попробуйте ещё раз через {minutes} мин.';

/**
 * Counts one request against every given limit, or refuses it (too many requests) when any is exhausted; a refused
 * request counts against none, so waiting out the window always helps.
 */
/** The 429 for a wait of `waitMs`: the message names whole minutes, Retry-After the seconds. */
export function tooManyRequests(waitMs: number, message = TOO_MANY_REQUESTS): TooManyRequestsError {
  const minutes = Math.max(1, Math.ceil(waitMs / 60_000));
  return new TooManyRequestsError(message.replace('{minutes}', String(minutes)), Math.ceil(waitMs / 1000));
}

export function takeRateLimits(checks: ReadonlyArray<readonly [SlidingWindowLimiter, string]>, message: string = TOO_MANY_REQUESTS): void {
  const wait = Math.max(0, ...checks.map(([limiter, key]) => limiter.retryAfter(key)));
  if (wait > 0) throw tooManyRequests(wait, message);
  for (const [limiter, key] of checks) limiter.hit(key);
}

/**
 * The key one client is counted under. An IPv6 client usually holds a whole /64 and could rotate
 * through 2^64 addresses, so IPv6 addresses count by their /64 prefix; IPv4 (and IPv4-mapped) by address.
 */
export function addressKey(address: string | null | undefined): string {
  if (!address) return 'unknown';
  const plain = address.startsWith('::ffff:') && address.includes('.') ? address.slice(7) : address;
  if (isIP(plain) !== 6) return plain;
  const [head = '', tail = ''] = plain.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = plain.includes('::') ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((group) => (parseInt(group, 16) || 0).toString(16))
    .join(':')}::/64`;
}
