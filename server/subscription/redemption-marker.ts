import { createHmac, hkdfSync } from 'node:crypto';

/** How long a redemption mark outlives the redemption (the privacy policy, section 4, says three years). */
export const REDEMPTION_MARK_RETENTION_DAYS = 3 * 365;

/**
 * Who redeems a code: the account (its own row goes with it on deletion) and the mark naming the person behind it,
 * which outlives the account. The mark is null without a Telegram id: the routes that redeem take signed-in accounts
 * only, and every signed-in account has one, so an anonymous session never redeems (it can only check a code), and a
 * session that binds Telegram later has nothing redeemed to carry over.
 */
export interface Redeemer {
  userId: number;
  mark: string | null;
}

const SALT = 'kvarta';
const INFO = 'kvarta/redemption-marks/v1';

/**
 * Keyed hashes of Telegram ids for the redemption marks. The key is derived (HKDF-SHA256, a label of its own) from
 * the server's session-signing secret rather than being a second setting: in production that is JWT_SECRET from the
 * environment, never stored in the database, so a copy of the database alone cannot be searched through the few
 * billion Telegram ids to name who redeemed; outside production it is the database-kept secret (auth/jwt-secret.ts),
 * shared by every instance as the marks must be. HKDF keeps the two uses apart: no value of one is a value of the
 * other. The price: replacing JWT_SECRET forgets the marks (a deleted account may then take the trial once more),
 * which is a smaller harm than a second secret operators could lose or forget to share between instances.
 */
export class RedemptionMarker {
  readonly #key: Buffer;

  constructor(serverSecret: Uint8Array) {
    this.#key = Buffer.from(hkdfSync('sha256', serverSecret, SALT, INFO, 32));
  }

  /** The same Telegram id always gives the same mark; the mark does not give the id back without the key. */
  markOf(telegramId: string): string {
    return createHmac('sha256', this.#key).update(`telegram:${telegramId}`).digest('base64url');
  }

  redeemer(user: { id: number; telegramId: string | null }): Redeemer {
    return { userId: user.id, mark: user.telegramId ? this.markOf(user.telegramId) : null };
  }
}
