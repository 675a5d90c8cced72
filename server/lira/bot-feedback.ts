import { LIRA_SERVICE_TYPE } from '@kvarta/contract/lira-rules';
import type { CallbackHandler } from '../bot/gateway';
import type { AppContext } from '../context';
import { saveReaction } from '../selection/reactions';
import { parseFeedbackCallback } from './notify';

/**
 * 👍/👎 pressed under an agent message (real bot or stand-in): recorded exactly like the site's
 * LIRA feedback, for the account that owns this Telegram id. Returns the short answer shown to the user.
 */
export function botFeedbackHandler(ctx: AppContext): CallbackHandler {
  return async (data, from) => {
    const parsed = parseFeedbackCallback(data);
    if (!parsed) return 'Неизвестная кнопка';
    const { rows } = await ctx.db.query<{ id: number }>('SELECT id FROM users WHERE telegram_id = $1', [String(from.id)]);
    const userId = rows[0]?.id;
    if (userId === undefined) return 'Откройте «Кварту» и привяжите Telegram';
    const apartment = ctx.memory.apartments.get(parsed.apartmentId);
    if (!apartment) return 'Эта квартира уже снята с продажи';
    await saveReaction(ctx.db, ctx.engine, userId, apartment, parsed.action, [], LIRA_SERVICE_TYPE);
    return parsed.action === 'LIKE'
      ? 'Отметил: нравится 👍 — квартира в избранном'
      : 'Отметил: не нравится 👎 — причину можно уточнить в приложении';
  };
}
