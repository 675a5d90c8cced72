import { SlidingWindowLimiter, TEN_MINUTES, addressKey, takeRateLimits, type RateLimit } from './rate-limit';

/**
 * Limits on the public writes that cost us a row or reveal something (anonymous tokens, bindings,
 * promocode checks). Set far above what a person does; they stop scripts (minting users, flooding
 * `telegram_bindings`, guessing promocodes). Call-back requests keep their own (server/callback).
 */
export interface AppRateLimits {
  anonymousTokensPerIp: RateLimit;
  bindingsPerIp: RateLimit;
  promocodeChecksPerUser: RateLimit;
  promocodeChecksPerIp: RateLimit;
}

export const DEFAULT_RATE_LIMITS: AppRateLimits = {
  anonymousTokensPerIp: { limit: 30, windowMs: TEN_MINUTES },
  bindingsPerIp: { limit: 20, windowMs: TEN_MINUTES },
  promocodeChecksPerUser: { limit: 10, windowMs: TEN_MINUTES },
  promocodeChecksPerIp: { limit: 30, windowMs: TEN_MINUTES },
};

/** The limits with every count multiplied (RATE_LIMIT_SCALE: the e2e suite runs every browser from one address). */
export function scaledRateLimits(scale: number): AppRateLimits {
  const scaled = (r: RateLimit): RateLimit => ({ limit: Math.max(1, Math.round(r.limit * scale)), windowMs: r.windowMs });
  return {
    anonymousTokensPerIp: scaled(DEFAULT_RATE_LIMITS.anonymousTokensPerIp),
    bindingsPerIp: scaled(DEFAULT_RATE_LIMITS.bindingsPerIp),
    promocodeChecksPerUser: scaled(DEFAULT_RATE_LIMITS.promocodeChecksPerUser),
    promocodeChecksPerIp: scaled(DEFAULT_RATE_LIMITS.promocodeChecksPerIp),
  };
}

/** One process's counters (in memory: see SlidingWindowLimiter about several instances). */
export class AppLimiters {
  private readonly limiters: Record<keyof AppRateLimits, SlidingWindowLimiter>;

  constructor(overrides: Partial<AppRateLimits> = {}, now?: () => number) {
    const rules = { ...DEFAULT_RATE_LIMITS, ...overrides };
    this.limiters = {
      anonymousTokensPerIp: SlidingWindowLimiter.of(rules.anonymousTokensPerIp, now),
      bindingsPerIp: SlidingWindowLimiter.of(rules.bindingsPerIp, now),
      promocodeChecksPerUser: SlidingWindowLimiter.of(rules.promocodeChecksPerUser, now),
      promocodeChecksPerIp: SlidingWindowLimiter.of(rules.promocodeChecksPerIp, now),
    };
  }

  /** `request.ip` (the proxy-aware client address); throws the 429 when over. */
  anonymousToken(ip: string): void {
    takeRateLimits([[this.limiters.anonymousTokensPerIp, addressKey(ip)]]);
  }

  binding(ip: string): void {
    takeRateLimits([[this.limiters.bindingsPerIp, addressKey(ip)]]);
  }

  promocodeCheck(userId: number, ip: string): void {
    takeRateLimits([
      [this.limiters.promocodeChecksPerUser, String(userId)],
      [this.limiters.promocodeChecksPerIp, addressKey(ip)],
    ]);
  }
}
