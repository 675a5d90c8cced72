import type { FavouriteChange, FavouriteMarks } from '@kvarta/contract/favourite-marks';
import { registerMergeStep } from '../auth/accounts';
import type { Queryable } from '../core/database';
import type { Apartment } from '../core/model';
import type { CatalogueMemory } from '../catalog/memory';

interface MarkRow {
  apartment_id: number;
  note: string;
  seen_price: number | string | null;
  change: FavouriteChange | null;
  old_price: number | string | null;
  new_price: number | string | null;
  changed_at: Date | string | null;
}

const num = (v: number | string | null) => (v === null ? null : Number(v));

/** What to record for one favourite: nothing, the first price seen, a drop, a rise (new baseline) or its leaving. */
type Observation =
  | { kind: 'none' }
  | { kind: 'baseline'; price: number }
  | { kind: 'drop'; oldPrice: number; newPrice: number }
  | { kind: 'rise'; price: number }
  | { kind: 'gone' };

/**
 * The rule of the alerts: a listing that is sold or no longer in the catalogue has left the market (told once); a
 * price below the one last seen is a drop (from the price before the first untold drop, so two drops in a day are
 * told as one); a higher price only becomes the new baseline.
 */
export function observe(
  mark: { seenPrice: number | null; change: FavouriteChange | null; oldPrice: number | null; alerted: boolean } | null,
  listing: Pick<Apartment, 'priceTotal' | 'status'> | undefined,
): Observation {
  const gone = !listing || listing.status === 'SOLD';
  if (gone) return mark && mark.change === 'GONE' ? { kind: 'none' } : { kind: 'gone' };
  if (!mark || mark.seenPrice === null || mark.change === 'GONE') return { kind: 'baseline', price: listing.priceTotal };
  if (listing.priceTotal < mark.seenPrice) {
    const untoldDrop = mark.change === 'PRICE_DROP' && !mark.alerted && mark.oldPrice !== null;
    return { kind: 'drop', oldPrice: untoldDrop ? mark.oldPrice! : mark.seenPrice, newPrice: listing.priceTotal };
  }
  if (listing.priceTotal > mark.seenPrice) return { kind: 'rise', price: listing.priceTotal };
  return { kind: 'none' };
}

/**
 * Brings one user's marks up to date with the catalogue in memory. Every write re-checks the price it was computed
 * from, so two instances looking at once record one change, not two.
 */
export async function refreshMarks(db: Queryable, memory: CatalogueMemory, userId: number, now: Date): Promise<number> {
  const { rows } = await db.query<MarkRow & { alerted: boolean; liked_id: number }>(
    `SELECT r.apartment_id AS liked_id, m.apartment_id, m.note, m.seen_price, m.change, m.old_price, m.new_price, m.changed_at,
            (m.alerted_at IS NOT NULL) AS alerted
       FROM reactions r LEFT JOIN favourite_marks m ON m.user_id = r.user_id AND m.apartment_id = r.apartment_id
      WHERE r.user_id = $1 AND r.action = 'LIKE'`,
    [userId],
  );
  let changes = 0;
  for (const r of rows) {
    const mark =
      r.apartment_id === null ? null : { seenPrice: num(r.seen_price), change: r.change, oldPrice: num(r.old_price), alerted: r.alerted };
    const seen = mark?.seenPrice ?? null;
    const o = observe(mark, memory.apartments.get(r.liked_id));
    const at = now.toISOString();
    if (o.kind === 'none') continue;
    if (o.kind === 'baseline') {
      // A listing back on the market starts over from its price; its note stays.
      await db.query(
        `INSERT INTO favourite_marks (user_id, apartment_id, seen_price) VALUES ($1, $2, $3)
         ON CONFLICT (user_id, apartment_id) DO UPDATE SET seen_price = excluded.seen_price, change = NULL, old_price = NULL,
           new_price = NULL, changed_at = NULL, alerted_at = NULL
         WHERE favourite_marks.seen_price IS NULL OR favourite_marks.change = 'GONE'`,
        [userId, r.liked_id, o.price],
      );
    } else if (o.kind === 'rise') {
      await db.query(`UPDATE favourite_marks SET seen_price = $3 WHERE user_id = $1 AND apartment_id = $2 AND seen_price = $4`, [
        userId,
        r.liked_id,
        o.price,
        seen,
      ]);
    } else if (o.kind === 'drop') {
      const done = await db.query(
        `UPDATE favourite_marks SET seen_price = $3, change = 'PRICE_DROP', old_price = $4, new_price = $3, changed_at = $5, alerted_at = NULL
          WHERE user_id = $1 AND apartment_id = $2 AND seen_price = $6 RETURNING apartment_id`,
        [userId, r.liked_id, o.newPrice, o.oldPrice, at, seen],
      );
      changes += done.rows.length;
    } else {
      const done = await db.query(
        `INSERT INTO favourite_marks (user_id, apartment_id, seen_price, change, old_price, new_price, changed_at)
         VALUES ($1, $2, $3, 'GONE', NULL, NULL, $4)
         ON CONFLICT (user_id, apartment_id) DO UPDATE SET change = 'GONE', old_price = NULL, new_price = NULL, changed_at = $4, alerted_at = NULL
         WHERE favourite_marks.change IS DISTINCT FROM 'GONE' RETURNING apartment_id`,
        [userId, r.liked_id, seen, at],
      );
      changes += done.rows.length;
    }
  }
  return changes;
}

/** The user's favourites' notes and changes (liked ones only: a note outlives a taken-back like, unseen). */
export async function marksOf(db: Queryable, userId: number, canAlert: boolean): Promise<FavouriteMarks> {
  const { rows } = await db.query<MarkRow>(
    `SELECT m.apartment_id, m.note, m.seen_price, m.change, m.old_price, m.new_price, m.changed_at
       FROM favourite_marks m JOIN reactions r ON r.user_id = m.user_id AND r.apartment_id = m.apartment_id AND r.action = 'LIKE'
      WHERE m.user_id = $1 ORDER BY m.apartment_id`,
    [userId],
  );
  const settings = await db.query<{ enabled: boolean }>('SELECT enabled FROM favourite_alert_settings WHERE user_id = $1', [userId]);
  return {
    alertsEnabled: settings.rows[0]?.enabled ?? true,
    canAlert,
    items: rows.map((r) => ({
      apartmentId: r.apartment_id,
      note: r.note,
      change: r.change,
      oldPrice: num(r.old_price),
      newPrice: num(r.new_price),
      changedAt: r.changed_at === null ? null : new Date(r.changed_at).toISOString(),
    })),
  };
}

export async function saveNote(db: Queryable, userId: number, apartmentId: number, note: string): Promise<void> {
  await db.query(
    `INSERT INTO favourite_marks (user_id, apartment_id, note) VALUES ($1, $2, $3)
     ON CONFLICT (user_id, apartment_id) DO UPDATE SET note = excluded.note`,
    [userId, apartmentId, note],
  );
}

export async function setAlerts(db: Queryable, userId: number, enabled: boolean): Promise<void> {
  await db.query(
    `INSERT INTO favourite_alert_settings (user_id, enabled) VALUES ($1, $2) ON CONFLICT (user_id) DO UPDATE SET enabled = excluded.enabled`,
    [userId, enabled],
  );
}

// Signing in keeps the anonymous visitor's notes (the account's own win) and their alert setting if it has none.
registerMergeStep(async (tx, from, into) => {
  await tx.query(
    `INSERT INTO favourite_marks (user_id, apartment_id, note, seen_price, change, old_price, new_price, changed_at, alerted_at)
     SELECT $2, apartment_id, note, seen_price, change, old_price, new_price, changed_at, alerted_at FROM favourite_marks WHERE user_id = $1
     ON CONFLICT (user_id, apartment_id) DO NOTHING`,
    [from, into],
  );
  await tx.query('DELETE FROM favourite_marks WHERE user_id = $1', [from]);
  await tx.query(
    `INSERT INTO favourite_alert_settings (user_id, enabled) SELECT $2, enabled FROM favourite_alert_settings WHERE user_id = $1
     ON CONFLICT (user_id) DO NOTHING`,
    [from, into],
  );
  await tx.query('DELETE FROM favourite_alert_settings WHERE user_id = $1', [from]);
});
