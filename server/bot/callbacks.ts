import { findByTelegram } from '../auth/accounts';
import type { AppContext } from '../context';
import { CANCEL_RENEWAL_CALLBACK } from '../subscription/jobs';
import { botFeedbackHandler } from '../lira/bot-feedback';
import { DomainError } from '../core/errors';
import { cancelAndStopLira } from '../subscription/service';
import { DELETE_ACCOUNT_CALLBACK, KEEP_ACCOUNT_CALLBACK, deleteTelegramAccount } from '../privacy/account';
import type { CallbackHandler } from '../infra/bot-gateway';
import { handleSignInCallback } from './sign-in';

/** «Отменить продление» under the renewal reminder: the same cancel as the app's (provider first, then spec §4). */
async function cancelRenewal(ctx: AppContext, telegramId: number): Promise<string> {
  const user = await findByTelegram(ctx.db, telegramId);
  if (!user) return 'Аккаунт не найден: войдите в «Кварту» через этого бота';
  try {
    const sub = await cancelAndStopLira(ctx, user);
    return `Продление отменено. ИИ Поиск работает до ${sub.expiredAt.slice(0, 10)}`;
  } catch (error) {
    if (error instanceof DomainError) return error.message;
    throw error;
  }
}

/**
 * Every inline button of the bot (real and stand-in): sign-in «Войти»/«Отклонить»/«Это не я», «Отменить продление»,
 * then the agent's 👍/👎.
 */
export function botCallbackHandler(ctx: AppContext): CallbackHandler {
  const feedback = botFeedbackHandler(ctx);
  return async (data, from, message) => {
    if (data === CANCEL_RENEWAL_CALLBACK) return cancelRenewal(ctx, from.id);
    // `/delete` confirmed or declined: the answer replaces the question, so it cannot be pressed twice.
    if (data === DELETE_ACCOUNT_CALLBACK) {
      const text = await deleteTelegramAccount(ctx, from.id);
      return { text: 'Аккаунт удалён', edit: { text, buttons: [] } };
    }
    if (data === KEEP_ACCOUNT_CALLBACK)
      return { text: 'Аккаунт не удалён', edit: { text: 'Хорошо, аккаунт и данные остаются.', buttons: [] } };
    return (await handleSignInCallback(ctx, data, from)) ?? feedback(data, from, message);
  };
}
