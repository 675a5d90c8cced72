import type { AnonymousWriteLimits } from './session';
import type { LimitCheck, LimitStore } from '../infra/limits';
import { TEN_MINUTES, addressKey, tooManyRequests, type RateLimit } from '../infra/rate-limit';

/**
 * Limits on the public writes that cost us a row or reveal something (anonymous users' writes, bindings,
 * promocode checks). Set far above what a person does; they stop scripts (flooding users' rows or
 * `telegram_bindings`, guessing promocodes). Call-back requests keep their own (server/callback).
 *
 * Anonymous sessions themselves are not limited: a token is a signature, its row is made by its first write. Buyers
 * behind a carrier's NAT share one address by the thousand, so what is limited is each session's writing, and only
 * a ceiling far above any NAT's new visitors caps the rows one address can make.
 */
export interface AppRateLimits {
  /** New anonymous users (sessions' first writes) per address. */
  anonymousUsersPerIp: RateLimit;
  /** Writes (reactions, profile, binding requests) per anonymous user: a quick swiper rates about one a second. */
  writesPerAnonymousUser: RateLimit;
  bindingsPerIp: RateLimit;
  promocodeChecksPerUser: RateLimit;
  promocodeChecksPerIp: RateLimit;
  /** The operator's bearer token (ADMIN_TOKEN) is a secret too: every wrong try counts, so it cannot be guessed at speed. */
  adminAttemptsPerIp: RateLimit;
  /** Listings prepared for sharing from the Mini App (each one is a Bot API call): a buyer shares a few at a time. */
  shareMessagesPerUser: RateLimit;
  /** Favourites' notes per user, signed in or not: a person edits a few in a minute, a script hundreds a second. */
  notesPerUser: RateLimit;
}

export const DEFAULT_RATE_LIMITS: AppRateLimits = {
  anonymousUsersPerIp: { limit: 5_000, windowMs: TEN_MINUTES },
  writesPerAnonymousUser: { limit: 600, windowMs: TEN_MINUTES },
  bindingsPerIp: { limit: 20, windowMs: TEN_MINUTES },
  promocodeChecksPerUser: { limit: 10, windowMs: TEN_MINUTES },
  promocodeChecksPerIp: { limit: 30, windowMs: TEN_MINUTES },
  adminAttemptsPerIp: { limit: 30, windowMs: TEN_MINUTES },
  shareMessagesPerUser: { limit: 30, windowMs: TEN_MINUTES },
  notesPerUser: { limit: 120, windowMs: TEN_MINUTES },
};

/** The limits with every count multiplied (RATE_LIMIT_SCALE: the e2e suite runs every browser from one address). */
export function scaledRateLimits(scale: number): AppRateLimits {
  const scaled = Object.entries(DEFAULT_RATE_LIMITS).map(([name, r]: [string, RateLimit]) => [
    name,
    { limit: Math.max(1, Math.round(r.limit * scale)), windowMs: r.windowMs },
  ]);
  return Object.fromEntries(scaled) as AppRateLimits;
}

/** The public writes' limits, counted where the deployment counts them (memory, or PostgreSQL for many instances). */
export class AppLimiters implements AnonymousWriteLimits {
  private readonly rules: AppRateLimits;

  constructor(
    private readonly store: LimitStore,
    overrides: Partial<AppRateLimits> = {},
  ) {
    this.rules = { ...DEFAULT_RATE_LIMITS, ...overrides };
  }

  /** `request.ip` (the proxy-aware client address); throws the 429 when over. */
  newAnonymousUser(ip: string): Promise<void> {
    return this.store.take([{ scope: 'anonymous-user', key: addressKey(ip), rule: this.rules.anonymousUsersPerIp }]);
  }

  anonymousWrite(userId: number): Promise<void> {
    return this.store.take([{ scope: 'anonymous-write', key: String(userId), rule: this.rules.writesPerAnonymousUser }]);
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

  shareMessage(userId: number): Promise<void> {
    return this.store.take(
      [{ scope: 'share-message', key: String(userId), rule: this.rules.shareMessagesPerUser }],
      'Слишком много попыток поделиться. Попробуйте через {minutes} мин.',
    );
  }

  note(userId: number): Promise<void> {
    return this.store.take(
      [{ scope: 'favourite-note', key: String(userId), rule: this.rules.notesPerUser }],
      'Слишком много заметок. Попробуйте через {minutes} мин.',
    );
  }

  /**
   * Before the token is compared: an address past the limit gets the same 429 for the right token as for a wrong
   * one, so a locked-out guesser learns nothing from his next tries. Counts nothing.
   */
  async adminTriesLeft(ip: string): Promise<void> {
    const waitMs = await this.store.retryAfterMs(this.adminCheck(ip));
    if (waitMs > 0) throw tooManyRequests(waitMs);
  }

  /** Only a wrong token counts: the operator's own calls from a shared address never lock him out. */
  wrongAdminToken(ip: string): Promise<void> {
    return this.store.take([this.adminCheck(ip)]);
  }

  private adminCheck(ip: string): LimitCheck {
    return { scope: 'admin-token', key: addressKey(ip), rule: this.rules.adminAttemptsPerIp };
  }
}
