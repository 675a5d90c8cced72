import type { FastifyInstance } from 'fastify';
import { decideBinding, INCORRECT_AUTH_MESSAGE, revokeTelegramAccount, type BindingFailure } from '../auth/bindings';
import { describeOrigin, type SignInOrigin } from '../auth/sign-in-origin';
import type { InitDataUser } from '../auth/telegram-init-data';
import type { BotButton } from '../infra/bot-gateway';

type SignInContext = Pick<FastifyInstance, 'db' | 'tokens' | 'miniAppUrl' | 'bot'>;

/** Callback data (≤ 64 bytes): `signin:ok:<32-char binding token>`, `signin:no:<token>`, `signout`. */
const CONFIRM = 'signin:ok:';
const DECLINE = 'signin:no:';
export const SIGN_OUT_CALLBACK = 'signout';

export const miniAppButtons = (ctx: Pick<FastifyInstance, 'miniAppUrl'>): BotButton[][] => [
  [{ text: 'Открыть «Кварту»', webAppUrl: ctx.miniAppUrl }],
];

export function failureText(reason: BindingFailure): string {
  const why =
    reason === 'expired'
      ? 'Ссылка для входа устарела.'
      : reason === 'used'
        ? 'Эта ссылка для входа уже использована.'
        : 'Ссылка для входа не найдена.';
  return `${why} Вернитесь на сайт и нажмите кнопку входа ещё раз.`;
}

/** What `/start <token>` shows instead of signing in: where the request came from, and two buttons. */
export function confirmationText(type: 'login' | 'binding', origin: SignInOrigin): string {
  const head =
    type === 'login' ? 'Запрос на вход в «Кварту» через ваш Telegram.' : 'Запрос на подключение вашего Telegram к профилю «Кварты».';
  return `${head}\n\n${describeOrigin(origin)}\n\nЕсли это вы, нажмите «Войти». Если вы не начинали вход или получили ссылку от другого человека, нажмите «Отклонить».`;
}

export const confirmationButtons = (bindingToken: string): BotButton[][] => [
  [
    { text: 'Войти', callbackData: `${CONFIRM}${bindingToken}` },
    { text: 'Отклонить', callbackData: `${DECLINE}${bindingToken}` },
  ],
];

/**
 * After every sign-in that did not happen inside the user's own Telegram (bot link, Login Widget):
 * a notice to the account's chat with «Это не я», which ends every session of the account.
 */
export async function notifySignIn(ctx: Pick<FastifyInstance, 'bot'>, telegramUserId: number, origin: SignInOrigin): Promise<void> {
  await ctx.bot.sendMessage(
    telegramUserId,
    `Выполнен вход в ваш профиль «Кварты».\n\n${describeOrigin(origin)}\n\nЕсли это были не вы, нажмите «Это не я» — мы завершим все сеансы этого профиля.`,
    [[{ text: 'Это не я', callbackData: SIGN_OUT_CALLBACK }]],
  );
}

const SIGNED_OUT_TEXT = 'Готово: все сеансы «Кварты» этого профиля завершены. Чтобы войти снова, нажмите кнопку входа на сайте.';
const NO_ACCOUNT_TEXT = 'У этого Telegram нет профиля в «Кварте».';

/** `/logout` and «Это не я»: server-side sign-out of the account everywhere. */
export async function signOutEverywhere(ctx: Pick<FastifyInstance, 'db'>, telegramUserId: number): Promise<string> {
  return (await revokeTelegramAccount(ctx.db, telegramUserId)) ? SIGNED_OUT_TEXT : NO_ACCOUNT_TEXT;
}

/**
 * The sign-in buttons (real bot and stand-in): returns the short answer for the button press, or
 * null when the data belongs to another feature.
 */
export async function handleSignInCallback(ctx: SignInContext, data: string, from: InitDataUser): Promise<string | null> {
  if (data === SIGN_OUT_CALLBACK) return signOutEverywhere(ctx, from.id);
  const decision = data.startsWith(CONFIRM) ? 'confirm' : data.startsWith(DECLINE) ? 'decline' : null;
  if (!decision) return null;
  const result = await decideBinding(ctx.db, ctx.tokens, data.slice(CONFIRM.length), from, decision);
  if (!result.ok) return failureText(result.reason);
  if (decision === 'decline') return 'Вход отклонён. Никто не получил доступа к вашему профилю.';
  if ('message' in result.outcome) {
    return result.outcome.message === INCORRECT_AUTH_MESSAGE
      ? 'Этот аккаунт Telegram уже привязан к другому профилю «Кварты». Выйдите из текущего профиля на сайте и войдите через Telegram.'
      : result.outcome.message;
  }
  const done =
    result.type === 'login'
      ? 'Готово! Вы вошли в «Кварту». Вернитесь на сайт — вход уже выполнен — или откройте приложение здесь.'
      : 'Готово! Бот запущен: подобранные ИИ-агентом квартиры будут приходить сюда.';
  await ctx.bot.sendMessage(from.id, done, miniAppButtons(ctx));
  await notifySignIn(ctx, from.id, result.origin);
  return result.type === 'login' ? 'Вход подтверждён' : 'Бот подключён';
}
