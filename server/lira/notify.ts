import { apartStartParam } from '@kvarta/contract/lira-rules';
import type { Apartment } from '../catalog/generator';
import type { BotButton } from '../bot/gateway';
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

/**
 * Sends a new batch to the user's Telegram (if connected): one message per apartment, the best first,
 * at most `limit`, each with 👍 / 👎 / «Открыть». Returns how many went out.
 */
export async function notifyBatch(
  ctx: AppContext,
  userId: number,
  profile: StoredProfile,
  batch: SuggestionRow[],
  limit: number,
): Promise<number> {
  const { rows } = await ctx.db.query<{ telegram_id: string | null }>('SELECT telegram_id FROM users WHERE id = $1', [userId]);
  const chatId = Number(rows[0]?.telegram_id);
  if (!rows[0]?.telegram_id || !Number.isSafeInteger(chatId)) return 0;
  const best = [...batch].sort((x, y) => y.relevancePercent - x.relevancePercent).slice(0, Math.max(0, limit));
  let sent = 0;
  for (const s of best) {
    const a = ctx.memory.apartments.get(s.apartmentId);
    if (!a) continue;
    const complex = ctx.memory.complexes.get(a.complexId);
    const photo = complex && complex.imageCount > 0 ? `${originOf(ctx)}/api/media/complex/${complex.id}/1.svg?scale=2` : undefined;
    const buttons: BotButton[][] = [
      [
        { text: '👍', callbackData: feedbackCallbackData('LIKE', a.id) },
        { text: '👎', callbackData: feedbackCallbackData('DISLIKE', a.id) },
        openButton(ctx, a),
      ],
    ];
    try {
      await ctx.bot.sendMessage(chatId, apartmentMessage(ctx, profile, s, a), buttons, photo ? { photoUrl: photo } : {});
      sent++;
      await ctx.db.query('UPDATE lira_suggestions SET notified = true WHERE user_id = $1 AND apartment_id = $2', [userId, a.id]);
    } catch {
      // The user may have blocked the bot: the suggestions stay on the site.
      break;
    }
  }
  return sent;
}
