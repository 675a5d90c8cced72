import { apartStartParam } from '@kvarta/contract/lira-rules';
import type { Apartment } from '../catalog/generator';
import type { BotButton } from '../bot/gateway';
import { photoUrl } from '../catalog/media-urls';
import type { AppContext } from '../context';
import { fairPriceText, wishesTexts } from '../ranking';
import { profileWishes, type SuggestionRow } from './suggestions';
import type { StoredProfile } from './profiles';
import { rub } from '../lib/format';

const area = (n: number) => `${String(Math.round(n * 10) / 10).replace('.', ',')} м²`;
const title = (a: Apartment) => (a.roomsCnt === 0 ? 'Студия' : `${a.roomsCnt}-к квартира`);

/** Callback data of the 👍/👎 buttons: `lira:LIKE:<apartmentId>` (≤ 64 bytes, as Telegram requires). */
export const feedbackCallbackData = (action: 'LIKE' | 'DISLIKE', apartmentId: number) => `lira:${action}:${apartmentId}`;
export function parseFeedbackCallback(data: string): { action: 'LIKE' | 'DISLIKE'; apartmentId: number } | null {
  const m = /^lira:(LIKE|DISLIKE):(\d{1,10})$/.exec(data);
  return m ? { action: m[1] as 'LIKE' | 'DISLIKE', apartmentId: Number(m[2]) } : null;
}

/** The public origin links and photos are built on ('' in tests: relative links). */
const originOf = (ctx: Pick<AppContext, 'miniAppUrl'>) => ctx.miniAppUrl.replace(/\/tma\/?$/, '');

/**
 * «Открыть»: the live bot opens the Mini App on this apartment (`startapp=apart_<id>` in the Web App
 * URL); the offline stand-in, which runs in a plain browser, opens the website's apartment page.
 */
export function openButton(ctx: AppContext, a: Apartment): BotButton {
  const param = apartStartParam(a.id);
  if (ctx.bot.mode === 'live') return { text: 'Открыть', webAppUrl: `${ctx.miniAppUrl}?startapp=${param}` };
  const link = ctx.cities.get(a.cityId)?.link ?? 'spb';
  return { text: 'Открыть', url: `${originOf(ctx)}/${link}/apart/${a.id}?startapp=${param}` };
}

/** A short Russian message: what it is, the price, why it fits. */
export function apartmentMessage(ctx: AppContext, profile: StoredProfile, s: SuggestionRow, a: Apartment): string {
  const complex = ctx.memory.complexes.get(a.complexId);
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
    `🏠 ${title(a)}, ${area(a.areaTotal)}, ${a.floor}/${a.floors} этаж${complex ? ` — ${complex.name}` : ''}`,
    `💰 ${rub(a.priceTotal)}`,
    `✨ Индекс AI ${s.relevancePercent} %${s.suggestionType === 'ALTERNATIVE' ? ' · альтернатива' : ''}`,
  ];
  if (why.length > 0) lines.push(`Почему подходит: ${why.join('; ')}`);
  return lines.join('\n');
}

/** A sender holds a user's messages this long at most (LIRA_SEND_LEASE_SECONDS); a crashed one's lease runs out. */
export const DEFAULT_SEND_LEASE_SECONDS = 60;
/** A batch left half sent (a crash) is finished within this time, not later: old news is not news. */
const RESUME_WITHIN_MS = 60 * 60_000;

/**
 * Sends the user's latest batch to their Telegram (if connected): one message per apartment, the best first, at
 * most `limit` per batch counted in the database, each with 👍 / 👎 / «Открыть». One sender per user at a time
 * across workers (a lease on the profile row); each message is marked sent right after Telegram took it, so a run
 * after a crash sends only what is left. Returns how many went out.
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
      await ctx.bot.sendMessage(chatId, apartmentMessage(ctx, profile, s, a), messageButtons(ctx, a), photoOf(ctx, a));
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

function messageButtons(ctx: AppContext, a: Apartment): BotButton[][] {
  return [
    [
      { text: '👍', callbackData: feedbackCallbackData('LIKE', a.id) },
      { text: '👎', callbackData: feedbackCallbackData('DISLIKE', a.id) },
      openButton(ctx, a),
    ],
  ];
}

function photoOf(ctx: AppContext, a: Apartment): { photoUrl?: string } {
  // An imported listing's own photo, as a JPEG Telegram can send; our drawing otherwise.
  const photo = ctx.memory.photos.get(a.id)?.find((p) => p.tag !== 'plan');
  if (photo) return { photoUrl: `${originOf(ctx)}${photoUrl(photo.key, 'bot.jpg')}` };
  const complex = ctx.memory.complexes.get(a.complexId);
  return complex && complex.imageCount > 0 ? { photoUrl: `${originOf(ctx)}/api/media/complex/${complex.id}/1.svg?scale=2` } : {};
}
