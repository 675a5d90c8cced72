import type { AppContext } from '../context';
import { botFeedbackHandler } from '../lira/bot-feedback';
import type { CallbackHandler } from './gateway';
import { handleSignInCallback } from './sign-in';

/** Every inline button of the bot (real and stand-in): sign-in «Войти»/«Отклонить»/«Это не я», then the agent's 👍/👎. */
export function botCallbackHandler(ctx: AppContext): CallbackHandler {
  const feedback = botFeedbackHandler(ctx);
  return async (data, from) => (await handleSignInCallback(ctx, data, from)) ?? feedback(data, from);
}
