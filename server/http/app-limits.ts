import type { LimitStore } from '../infra/limits';
import { TEN_MINUTES, addressKey, type RateLimit } from './rate-limit';

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

/** The public writes' limits, counted where the deployment counts them (memory, or PostgreSQL for many instances). */
export class AppLimiters {
  private readonly rules: AppRateLimits;

  constructor(
    private readonly store: LimitStore,
    overrides: Partial<AppRateLimits> = {},
  ) {
    this.rules = { ...DEFAULT_RATE_LIMITS, ...overrides };
  }

  /** `request.ip` (the proxy-aware client address); throws the 429 when over. */
  anonymousToken(ip: string): Promise<void> {
    return this.store.take([{ scope: 'anonymous-token', key: addressKey(ip), rule: this.rules.anonymousTokensPerIp }]);
  }

  binding(ip: string): Promise<void> {
    return this.store.take([{ scope: 'binding', key: addressKey(ip), rule: this.rules.bindingsPerIp }]);
  }

  promocodeCheck(userId: number, ip: string): Promise<void> {
    return this.store.take([
      { scope: 'promocode-user', key: String(userId), rule: this.rules.promocodeChecksPerUser },
      { scope: 'promocode-ip', key: addressKey(ip), rule: this.rules.promocodeChecksPerIp },
    ]);
  }
}
