import type { Apartment } from '../catalog/generator';
import { apartmentPictures } from '../bot/pictures';
import type { AppContext } from '../context';
import { fairPriceText, wishesTexts } from '../ranking';
import { profileWishes, type SuggestionRow } from './suggestions';
import type { StoredProfile } from './profiles';
import { rub } from '../lib/format';
import { apartmentLine, reactionRow } from './bot-buttons';
import { distinctReasons } from './reasons';

/** Telegram's limit for a photo's caption. */
const CAPTION_LIMIT = 1024;

/** A short Russian message: what it is, the price, why it fits. */
export function apartmentMessage(ctx: AppContext, profile: StoredProfile, s: SuggestionRow, a: Apartment): string {
  const columns = ctx.engine.columns(a.cityId);
  const row = columns?.rowOf.get(a.id);
  const why =
    columns && row !== undefined
      ? wishesTexts(columns, row, profileWishes(profile))
          .filter((w) => w.percent >= 60)
          .sort((x, y) => y.percent - x.percent)
          .slice(0, 3)
          .map((w) => w.text)
      : [];
  // A good price is a reason too, when the wishes say little.
  if (columns && row !== undefined && columns.fairRatio[row]! <= 0.97 && why.length < 3)
    why.push(fairPriceText(columns.fairRatio[row]!).replace(/^На/, 'Цена на'));
  const lines = [
    apartmentLine(ctx, a),
    `💰 ${rub(a.priceTotal)}`,
    `✨ Индекс AI ${s.relevancePercent} %${s.suggestionType === 'ALTERNATIVE' ? ' · альтернатива' : ''}`,
  ];
  const reasons = distinctReasons(why);
  if (reasons.length > 0) lines.push(`Почему подходит: ${reasons.join('; ')}`);
  const text = lines.join('\n');
  return text.length > CAPTION_LIMIT ? `${text.slice(0, CAPTION_LIMIT - 1)}…` : text;
}

/**
 * One apartment in the chat: its pictures as an album with the message as caption, then a short message with
 * 👍 / 👎 / «Открыть» (an album cannot carry buttons). Without pictures, the message and the buttons in one.
 */
async function sendApartment(ctx: AppContext, chatId: number, profile: StoredProfile, s: SuggestionRow, a: Apartment): Promise<void> {
  const caption = apartmentMessage(ctx, profile, s, a);
  const buttons = reactionRow(ctx, chatId, a);
  const follow = { text: `${apartmentLine(ctx, a)}\nКак вам этот вариант?`, buttons };
  if (await ctx.bot.sendAlbum(chatId, apartmentPictures(ctx, a), caption, follow)) return;
  await ctx.bot.sendMessage(chatId, caption, buttons);
}

/** A sender holds a user's messages this long at most (LIRA_SEND_LEASE_SECONDS); a crashed one's lease runs out. */
export const DEFAULT_SEND_LEASE_SECONDS = 60;
/** A batch left half sent (a crash) is finished within this time, not later: old news is not news. */
const RESUME_WITHIN_MS = 60 * 60_000;

/**
 * Sends the user's latest batch to their Telegram (if connected): an album and its 👍 / 👎 / «Открыть» per apartment,
 * the best first, at most `limit` apartments per batch counted in the database. One sender per user at a time across
 * workers (a lease on the profile row); each apartment is marked sent right after Telegram took it, so a run after a
 * crash sends only what is left. Returns how many apartments went out.
 */
export async function notifyPending(ctx: AppContext, userId: number, profile: StoredProfile, limit: number): Promise<number> {
  const { rows: users } = await ctx.db.query<{ telegram_id: string | null }>('SELECT telegram_id FROM users WHERE id = $1', [userId]);
  const chatId = Number(users[0]?.telegram_id);
  if (!users[0]?.telegram_id || !Number.isSafeInteger(chatId)) return 0;
  const leaseSeconds = ctx.liraSendLeaseSeconds ?? DEFAULT_SEND_LEASE_SECONDS;
  const lease = await ctx.db.query(
    `UPDATE lira_profiles SET notify_lease_until = now() + $2 * interval '1 second'
      WHERE user_id = $1 AND (notify_lease_until IS NULL OR notify_lease_until < now()) RETURNING 1`,
    [userId, leaseSeconds],
  );
  if (lease.rows.length === 0) return 0;
  let sent = 0;
  try {
    const pending = await pendingOfLatestBatch(ctx, userId, limit);
    for (const s of pending) {
      const a = ctx.memory.apartments.get(s.apartmentId);
      if (!a) continue;
      await sendApartment(ctx, chatId, profile, s, a);
      sent++;
      await ctx.db.query('UPDATE lira_suggestions SET notified = true WHERE user_id = $1 AND apartment_id = $2', [userId, a.id]);
    }
  } catch {
    // The user may have blocked the bot: the suggestions stay on the site (and the rest is tried once the lease ends).
    return sent;
  }
  await ctx.db.query('UPDATE lira_profiles SET notify_lease_until = NULL WHERE user_id = $1', [userId]);
  return sent;
}

/** The latest batch's unsent suggestions, best first, as many as its message allowance has left. */
async function pendingOfLatestBatch(ctx: AppContext, userId: number, limit: number): Promise<SuggestionRow[]> {
  const { rows } = await ctx.db.query<SuggestionRow & { notified: boolean }>(
    `SELECT apartment_id AS "apartmentId", suggested_at AS "suggestedAt", suggestion_type AS "suggestionType",
            relevance_percent AS "relevancePercent", batch, archived, notified
       FROM lira_suggestions
      WHERE user_id = $1 AND batch = (SELECT max(batch) FROM lira_suggestions WHERE user_id = $1) AND NOT archived AND suggested_at > $2`,
    [userId, new Date(ctx.now().getTime() - RESUME_WITHIN_MS).toISOString()],
  );
  const left = Math.max(0, limit - rows.filter((r) => r.notified).length);
  return rows
    .filter((r) => !r.notified)
    .sort((x, y) => y.relevancePercent - x.relevancePercent)
    .slice(0, left);
}
