import type { FavouriteChange, FavouriteMarks } from '@kvarta/contract/favourite-marks';
import type { Queryable } from '../core/database';
import { DomainError } from '../core/errors';
import type { Apartment } from '../core/model';
import type { CatalogueMemory } from '../catalog/memory';
import {
  alertsEnabled,
  likedMarks,
  likedWithMarks,
  markBaseline,
  markDrop,
  markGone,
  markRise,
  writeAlertsEnabled,
  writeNote,
} from './repository';

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
  let changes = 0;
  for (const r of await likedWithMarks(db, userId)) {
    const mark =
      r.markedId === null ? null : { seenPrice: r.seenPrice, change: r.change, oldPrice: r.oldPrice, alerted: r.alertedAt !== null };
    const seen = mark?.seenPrice ?? null;
    const o = observe(mark, memory.apartments.get(r.likedId));
    if (o.kind === 'baseline') await markBaseline(db, userId, r.likedId, o.price);
    else if (o.kind === 'rise') await markRise(db, userId, r.likedId, o.price, seen);
    else if (o.kind === 'drop') changes += Number(await markDrop(db, userId, r.likedId, { ...o, seen, at: now }));
    else if (o.kind === 'gone') changes += Number(await markGone(db, userId, r.likedId, seen, now));
  }
  return changes;
}

/** The user's favourites' notes and changes (liked ones only: a note outlives a taken-back like, unseen). */
export async function marksOf(db: Queryable, userId: number, canAlert: boolean): Promise<FavouriteMarks> {
  const [rows, enabled] = await Promise.all([likedMarks(db, userId), alertsEnabled(db, userId)]);
  return {
    alertsEnabled: enabled,
    canAlert,
    items: rows.map((r) => ({ ...r, changedAt: r.changedAt?.toISOString() ?? null })),
  };
}

/** A note belongs to a favourite: on a flat the user does not like it is refused (nothing is written). */
export async function saveNote(db: Queryable, userId: number, apartmentId: number, note: string): Promise<void> {
  if (!(await writeNote(db, userId, apartmentId, note))) {
    throw new DomainError('CONFLICT', 'Заметку можно оставить только к квартире из избранного', { apartmentId });
  }
}

export const setAlerts = writeAlertsEnabled;
