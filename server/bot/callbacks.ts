import { findByTelegram } from '../auth/accounts';
import type { FastifyInstance } from 'fastify';
import { CANCEL_RENEWAL_CALLBACK } from '../subscription/jobs';
import { botFeedbackHandler } from '../lira/bot-feedback';
import { DomainError } from '../core/errors';
import { cancelAndStopLira } from '../subscription/service';
import { DELETE_ACCOUNT_CALLBACK, KEEP_ACCOUNT_CALLBACK, deleteTelegramAccount } from '../privacy/account';
import type { CallbackHandler } from '../infra/bot-gateway';
import { handleSignInCallback } from './sign-in';

/** «Отменить продление» under the renewal reminder: the same cancel as the app's (provider first, then spec §4). */
async function cancelRenewal(app: FastifyInstance, telegramId: number): Promise<string> {
  const user = await findByTelegram(app.db, telegramId);
  if (!user) return 'Аккаунт не найден: войдите в «Кварту» через этого бота';
  try {
    const sub = await cancelAndStopLira(app, user);
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
export function botCallbackHandler(app: FastifyInstance): CallbackHandler {
  const feedback = botFeedbackHandler(app);
  return async (data, from, message) => {
    if (data === CANCEL_RENEWAL_CALLBACK) return cancelRenewal(app, from.id);
    // `/delete` confirmed or declined: the answer replaces the question, so it cannot be pressed twice.
    if (data === DELETE_ACCOUNT_CALLBACK) {
      const text = await deleteTelegramAccount(app, from.id);
      return { text: 'Аккаунт удалён', edit: { text, buttons: [] } };
    }
    if (data === KEEP_ACCOUNT_CALLBACK)
      return { text: 'Аккаунт не удалён', edit: { text: 'Хорошо, аккаунт и данные остаются.', buttons: [] } };
    return (await handleSignInCallback(app, data, from)) ?? feedback(data, from, message);
  };
}
