import { z } from 'zod';

/**
 * POST /api/apartment/{apartId}/share-message: the listing as a message the Mini App's user may send to any chat
 * (Bot API savePreparedInlineMessage); the Mini App hands `id` to Telegram's share sheet (shareMessage).
 * Only a buyer signed in from Telegram can have one: the message is prepared for that Telegram user alone.
 */
export const shareMessageSchema = z.object({
  /** Telegram's id of the prepared message. */
  id: z.string().min(1).max(256),
  /** Unix seconds: after this Telegram no longer sends it (prepare a new one). */
  expirationDate: z.number().int(),
});
