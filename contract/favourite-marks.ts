import { z } from 'zod';
import { FAVOURITE_NOTE_MAX } from './compare';
import { coercedPositiveId } from './safe-input';

/** Favourites' notes and alerts: what changed since the buyer liked a listing, and their own note. */

export const favouriteChangeSchema = z.enum(['PRICE_DROP', 'GONE']);
export type FavouriteChange = z.infer<typeof favouriteChangeSchema>;

export const favouriteMarkSchema = z.object({
  apartmentId: z.number().int(),
  note: z.string(),
  /** The latest change seen since the like, or null. */
  change: favouriteChangeSchema.nullable(),
  /** The price before a drop (null otherwise). */
  oldPrice: z.number().nullable(),
  /** The price when the change was seen. */
  newPrice: z.number().nullable(),
  changedAt: z.string().nullable(),
});
export type FavouriteMark = z.infer<typeof favouriteMarkSchema>;

export const favouriteMarksSchema = z.object({
  /** The bot's alerts about favourites (on by default; off in the favourites' settings). */
  alertsEnabled: z.boolean(),
  /** Whether the bot can reach this user at all (signed in through Telegram). */
  canAlert: z.boolean(),
  items: z.array(favouriteMarkSchema),
});
export type FavouriteMarks = z.infer<typeof favouriteMarksSchema>;

export const favouriteNoteParamsSchema = z.object({ apartId: coercedPositiveId() });
export const favouriteNoteBodySchema = z.object({
  note: z.string().trim().max(FAVOURITE_NOTE_MAX, `Заметка — не длиннее ${FAVOURITE_NOTE_MAX} символов`),
});
export const favouriteAlertsBodySchema = z.object({ enabled: z.boolean() });
