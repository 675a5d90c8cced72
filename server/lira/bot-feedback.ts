import { LIRA_SERVICE_TYPE } from '@kvarta/contract/lira-rules';
import type { CallbackAnswer, CallbackHandler } from '../infra/bot-gateway';
import { reactionsOf, saveReaction } from '../selection/repository/reactions';
import { userIdByTelegram } from './repository';
import {
  BATCH_QUESTION,
  apartmentLine,
  maskOf,
  parseReactionData,
  reactionRow,
  reasonsIn,
  reasonsKeyboard,
  reasonsOf,
  remarkBatch,
  type LiraBotNeeds,
} from './bot-buttons';
import type { Database } from '../db/connection';

/** What this module uses of the running server besides the messages' needs: handed over by the composition. */
interface Needs extends LiraBotNeeds {
  db: Database;
}

/** Spec §4 DISLIKE view text. */
export const DISLIKE_QUESTION = 'Уточните, что не понравилось?';
export const FORGED_BUTTON = 'Кнопка не распознана. Откройте «Кварту», чтобы оценить квартиру там.';
export const NOT_YOUR_CHAT = 'Оценивать квартиры в этом чате может только тот, кому бот их прислал';
export const NO_ACCOUNT = 'Откройте «Кварту» и привяжите Telegram';

/**
 * 👍 / 👎 / the dislike reasons pressed under an agent message (real bot or stand-in): recorded exactly like the
 * site's LIRA feedback (saveReaction), for the account that owns this Telegram id. 👎 records the dislike at once
 * (a 👎 is an answer even if the reasons are never picked) and turns the message into the reasons of spec §4;
 * «Готово» stores the chosen ones as the dislike's notices. Under a batch (one keyboard, a row per apartment) only the
 * pressed apartment's row changes, and its 👎 asks for the reasons in a message of its own, answering the batch.
 * Every button is signed for its chat: a forged, garbled or foreign one is answered with a notice and changes nothing.
 */
export function botFeedbackHandler(ctx: Needs): CallbackHandler {
  return async (data, from, message): Promise<string | CallbackAnswer> => {
    // In a private chat the chat is the user; a button pressed anywhere else is not this user's to press.
    if (message && message.chatId !== from.id) return NOT_YOUR_CHAT;
    const press = parseReactionData(ctx, from.id, data);
    if (!press) return FORGED_BUTTON;
    const userId = await userIdByTelegram(ctx.db, from.id);
    if (userId === null) return NO_ACCOUNT;
    const apartment = ctx.memory.apartments.get(press.apartmentId);
    if (!apartment) return 'Эта квартира уже снята с продажи';
    const line = apartmentLine(ctx, apartment);
    const save = (action: 'LIKE' | 'DISLIKE', notices: string[]) =>
      saveReaction(ctx.db, userId, apartment, action, notices, LIRA_SERVICE_TYPE);
    const batch = (mark: 'LIKE' | 'DISLIKE') => {
      const rows = message?.buttons && remarkBatch(ctx, from.id, message.buttons, apartment, mark);
      return rows ? { text: message?.text ?? BATCH_QUESTION, buttons: rows } : null;
    };

    if (press.kind === 'like') {
      await save('LIKE', []);
      const inBatch = batch('LIKE');
      if (inBatch) return { text: 'Отметил: нравится 👍 — квартира в избранном', edit: inBatch };
      return {
        text: 'Отметил: нравится 👍 — квартира в избранном',
        edit: { text: `${line}\n👍 Нравится — квартира в избранном`, buttons: reactionRow(ctx, from.id, apartment) },
      };
    }
    const reasons = reasonsOf(ctx, apartment);
    if (press.kind === 'dislike') {
      // A second 👎 keeps the reasons already given, and shows them chosen.
      const before = (await reactionsOf(ctx.db, userId)).get(apartment.id);
      const kept = before?.action === 'DISLIKE' ? before.notices : [];
      await save('DISLIKE', kept);
      const reasonsMessage = {
        text: `${line}\n${DISLIKE_QUESTION}`,
        buttons: reasonsKeyboard(ctx, from.id, apartment, reasons, maskOf(reasons, kept)),
      };
      const inBatch = batch('DISLIKE');
      if (inBatch) return { text: 'Отметил: не нравится 👎', edit: inBatch, reply: reasonsMessage };
      return {
        text: 'Отметил: не нравится 👎',
        edit: reasonsMessage,
      };
    }
    const chosen = reasonsIn(reasons, press.mask);
    if (!chosen) return FORGED_BUTTON;
    if (press.kind === 'toggle') {
      return {
        text: '',
        edit: { text: `${line}\n${DISLIKE_QUESTION}`, buttons: reasonsKeyboard(ctx, from.id, apartment, reasons, press.mask) },
      };
    }
    await save(
      'DISLIKE',
      chosen.map((r) => r.key),
    );
    const why = chosen.length > 0 ? `: ${chosen.map((r) => r.title.toLowerCase()).join(', ')}` : '';
    return {
      text: chosen.length > 0 ? 'Спасибо! Учтём это в следующих подборках' : 'Отметил: не нравится 👎',
      edit: { text: `${line}\n👎 Не нравится${why}`, buttons: reactionRow(ctx, from.id, apartment) },
    };
  };
}
