import type { Apartment } from '../core/model';
import { apartmentPictures } from './pictures';
import { fairPriceVerdict, marketIndex } from '../catalog/market';
import { wishesTexts } from '../ranking';
import { profileWishes, type SuggestionRow } from './suggestions';
import { latestBatchSince, markNotified, releaseSendLease, takeSendLease, telegramIdOf, type StoredProfile } from './repository';
import { rub } from '../lib/format';
import { BATCH_QUESTION, apartmentLine, apartmentTitle, batchKeyboard, originOf, reactionRow, type LiraBotNeeds } from './bot-buttons';
import { distinctReasons } from './reasons';
import type { Database } from '../db/connection';
import { buyerOf, indexExplainer } from '../selection/buyer-model';

/** What this module uses of the running server besides the messages' needs: handed over by the composition. */
export interface NotifyNeeds extends LiraBotNeeds {
  db: Database;
  now: () => Date;
  liraSendLeaseSeconds?: number;
  mediaDir: string;
}

/** Telegram's limit for a photo's caption. */
const CAPTION_LIMIT = 1024;

/** A short Russian message: what it is, the price, why it fits. */
export function apartmentMessage(ctx: NotifyNeeds, profile: StoredProfile, s: SuggestionRow, a: Apartment): string {
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
  // A good price is a reason too, when the wishes say little: the same verdict the card shows.
  const price = fairPriceVerdict(a, marketIndex(ctx.memory, a.cityId).reference(a));
  if (price.deltaPercent <= -3 && why.length < 3) why.push(price.verdict.replace(/^На/, 'Цена на'));
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
async function sendApartment(ctx: NotifyNeeds, chatId: number, profile: StoredProfile, s: SuggestionRow, a: Apartment): Promise<void> {
  const caption = apartmentMessage(ctx, profile, s, a);
  const buttons = reactionRow(ctx, chatId, a);
  const follow = { text: `${apartmentLine(ctx, a)}\nКак вам этот вариант?`, buttons };
  if (await ctx.bot.sendAlbum(chatId, apartmentPictures(ctx, a), caption, follow)) return;
  await ctx.bot.sendMessage(chatId, caption, buttons);
}

/** Telegram's album takes 2–10 pictures: a batch album has one per apartment, so a batch sends at most ten at once. */
const BATCH_ALBUM_LIMIT = 10;

const areaText = (n: number) => `${String(Math.round(n * 10) / 10).replace('.', ',')} м²`;

/** Where the caption's link of an apartment leads: its page on the website, only when the origin is public. */
function apartmentLink(ctx: NotifyNeeds, a: Apartment): string | null {
  const origin = originOf(ctx);
  if (!/^https?:\/\//.test(origin)) return null;
  return `${origin}/${ctx.cities.get(a.cityId)?.link ?? 'spb'}/apart/${a.id}`;
}

/**
 * The caption of a batch's album: a numbered entry per apartment (what it is, price, AI index, link), in the order of
 * the pictures and of the button rows. Within Telegram's 1024 characters: links are left out first, then the end is cut.
 */
function batchCaption(ctx: NotifyNeeds, batch: Array<{ s: SuggestionRow; a: Apartment }>): string {
  const entry = ({ s, a }: { s: SuggestionRow; a: Apartment }, i: number, withLink: boolean) => {
    const complex = ctx.memory.complexes.get(a.complexId);
    const lines = [
      `${i + 1}. ${apartmentTitle(a)}, ${areaText(a.areaTotal)}, ${a.floor}/${a.floors} этаж${complex ? ` — ${complex.name}` : ''}`,
      `💰 ${rub(a.priceTotal)} · ✨ Индекс AI ${s.relevancePercent} %${s.suggestionType === 'ALTERNATIVE' ? ' · альтернатива' : ''}`,
    ];
    const link = withLink ? apartmentLink(ctx, a) : null;
    if (link) lines.push(link);
    return lines.join('\n');
  };
  const compose = (withLinks: boolean) =>
    [`🏠 Новые варианты по вашему поиску: ${batch.length}`, ...batch.map((m, i) => entry(m, i, withLinks))].join('\n\n');
  const full = compose(true);
  const text = full.length <= CAPTION_LIMIT ? full : compose(false);
  return text.length > CAPTION_LIMIT ? `${text.slice(0, CAPTION_LIMIT - 1)}…` : text;
}

/**
 * Several apartments at once: ONE album with the first picture of each (not an album per apartment: ten of those
 * flood the chat), the numbered list as its caption, then ONE message with a row of 👍 / 👎 / «Открыть» per
 * apartment. If no album can be sent, the list and the buttons go as one text message.
 */
async function sendBatch(ctx: NotifyNeeds, chatId: number, batch: Array<{ s: SuggestionRow; a: Apartment }>): Promise<void> {
  const caption = batchCaption(ctx, batch);
  const buttons = batchKeyboard(
    ctx,
    chatId,
    batch.map((m) => m.a),
  );
  const pictures = batch.flatMap(({ a }) => apartmentPictures(ctx, a).slice(0, 1));
  if (await ctx.bot.sendAlbum(chatId, pictures, caption, { text: BATCH_QUESTION, buttons })) return;
  await ctx.bot.sendMessage(chatId, caption, buttons);
}

/** A sender holds a user's messages this long at most (LIRA_SEND_LEASE_SECONDS); a crashed one's lease runs out. */
export const DEFAULT_SEND_LEASE_SECONDS = 60;
/** A batch left half sent (a crash) is finished within this time, not later: old news is not news. */
const RESUME_WITHIN_MS = 60 * 60_000;

/**
 * Sends the user's latest batch to their Telegram (if connected), the best first, at most `limit` apartments per batch
 * counted in the database: one apartment as its album and its 👍 / 👎 / «Открыть»; several as one album of the batch
 * and one buttons message (sendBatch). One sender per user at a time across workers (a lease on the profile row); the
 * apartments are marked sent right after Telegram took them, so a run after a crash sends only what is left. Returns
 * how many apartments went out.
 */
export async function notifyPending(ctx: NotifyNeeds, userId: number, profile: StoredProfile, limit: number): Promise<number> {
  const telegramId = await telegramIdOf(ctx.db, userId);
  const chatId = Number(telegramId);
  if (!telegramId || !Number.isSafeInteger(chatId)) return 0;
  if (!(await takeSendLease(ctx.db, userId, ctx.liraSendLeaseSeconds ?? DEFAULT_SEND_LEASE_SECONDS))) return 0;
  let sent = 0;
  try {
    const pending = await withTodaysIndex(ctx, userId, await pendingOfLatestBatch(ctx, userId, Math.min(limit, BATCH_ALBUM_LIMIT)));
    if (pending.length === 1) await sendApartment(ctx, chatId, profile, pending[0]!.s, pending[0]!.a);
    else if (pending.length > 1) await sendBatch(ctx, chatId, pending);
    sent = pending.length;
    if (sent > 0)
      await markNotified(
        ctx.db,
        userId,
        pending.map((m) => m.a.id),
      );
  } catch {
    // The user may have blocked the bot: the suggestions stay on the site (and the rest is tried once the lease ends).
    return sent;
  }
  await releaseSendLease(ctx.db, userId);
  return sent;
}

/**
 * The suggestions with their flats and the buyer's AI index of each as it is now (selection/buyer-model.ts): a
 * message says the same number the card says, not the one stored when the batch was chosen.
 */
export async function withTodaysIndex(ctx: NotifyNeeds, userId: number, rows: readonly SuggestionRow[]) {
  const explain = indexExplainer(ctx.engine, await buyerOf(ctx, userId));
  return rows.flatMap((s) => {
    const a = ctx.memory.apartments.get(s.apartmentId);
    return a ? [{ s: { ...s, relevancePercent: explain(a).relevancePercent ?? s.relevancePercent }, a }] : [];
  });
}

/** The latest batch's unsent suggestions, best first, as many as its message allowance has left. */
async function pendingOfLatestBatch(ctx: NotifyNeeds, userId: number, limit: number): Promise<SuggestionRow[]> {
  const rows = await latestBatchSince(ctx.db, userId, new Date(ctx.now().getTime() - RESUME_WITHIN_MS));
  const left = Math.max(0, limit - rows.filter((r) => r.notified).length);
  return rows
    .filter((r) => !r.notified)
    .sort((x, y) => y.relevancePercent - x.relevancePercent)
    .slice(0, left)
    .map(({ notified: _, ...s }) => s);
}
