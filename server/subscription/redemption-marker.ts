import { createHmac, hkdfSync } from 'node:crypto';
import type { Queryable } from '../core/database';
import { addRedemptionMarks, telegramRedemptionsSince, type Redeemer } from './repository/subscriptions';

/** How long a redemption mark outlives the redemption (the privacy policy, section 4, says three years). */
export const REDEMPTION_MARK_RETENTION_DAYS = 3 * 365;

const SALT = 'kvarta';
const INFO = 'kvarta/redemption-marks/v1';

/**
 * Keyed hashes of Telegram ids for the redemption marks. The key is derived (HKDF-SHA256, a label of its own) from
 * the server's session-signing secret rather than being a second setting: in production that is JWT_SECRET from the
 * environment, never stored in the database, so a copy of the database alone cannot be searched through the few
 * billion Telegram ids to name who redeemed; outside production it is the database-kept secret (auth/jwt-secret.ts),
 * shared by every instance as the marks must be. HKDF keeps the two uses apart: no value of one is a value of the
 * other. The price: replacing JWT_SECRET forgets the marks of deleted accounts (a living account's redemptions are
 * marked again at the next start, markEarlierRedemptions), a smaller harm than a second secret operators could lose
 * or forget to share between instances.
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

const MARKS_PER_INSERT = 1_000;

/**
 * Marks the redemptions made before the marks existed (or under a key since replaced), so those people cannot take
 * the trial again by deleting their account either. Run at startup: idempotent, and only over the retention period,
 * so it never brings back a mark the cleanup removed.
 */
export async function markEarlierRedemptions(db: Queryable, marker: RedemptionMarker, now: Date): Promise<number> {
  const since = new Date(now.getTime() - REDEMPTION_MARK_RETENTION_DAYS * 86_400_000);
  const rows = await telegramRedemptionsSince(db, since);
  const marks = rows.map((r) => ({ personHmac: marker.markOf(r.telegramId!), code: r.code, redeemedAt: r.redeemedAt }));
  for (let i = 0; i < marks.length; i += MARKS_PER_INSERT) await addRedemptionMarks(db, marks.slice(i, i + MARKS_PER_INSERT));
  return marks.length;
}
