import type { AppContext } from '../context';
import { INCORRECT_AUTH_MESSAGE, resolveBinding } from '../auth/bindings';
import type { InitDataUser } from '../auth/telegram-init-data';
import type { BotButton } from './gateway';

export interface StartReply {
  text: string;
  buttons: BotButton[][];
}

const miniAppButton = (ctx: Pick<AppContext, 'miniAppUrl'>): BotButton[][] => [[{ text: 'Открыть «Кварту»', webAppUrl: ctx.miniAppUrl }]];

/**
 * `/start [token]` — one code path for the real bot and the offline stand-in: resolves a login or
 * binding and answers in Russian with a button that opens the Mini App.
 */
export async function handleStart(ctx: Pick<AppContext, 'db' | 'tokens' | 'miniAppUrl'>, token: string | undefined, user: InitDataUser): Promise<StartReply> {
  const buttons = miniAppButton(ctx);
  if (!token) {
    return { text: 'Здравствуйте! Я бот «Кварты» — цифрового риелтора. Откройте приложение, чтобы подобрать квартиру, а новые варианты от ИИ-агента я буду присылать сюда.', buttons };
  }
  const result = await resolveBinding(ctx.db, ctx.tokens, token, user);
  if (!result.ok) {
    const why = result.reason === 'expired' ? 'Ссылка для входа устарела.' : result.reason === 'used' ? 'Эта ссылка для входа уже использована.' : 'Ссылка для входа не найдена.';
    return { text: `${why} Вернитесь на сайт и нажмите кнопку входа ещё раз.`, buttons };
  }
  if ('message' in result.outcome) {
    return {
      text: result.outcome.message === INCORRECT_AUTH_MESSAGE
        ? 'Этот аккаунт Telegram уже привязан к другому профилю «Кварты». Выйдите из текущего профиля на сайте и войдите через Telegram.'
        : result.outcome.message,
      buttons,
    };
  }
  return {
    text: result.type === 'login'
      ? 'Готово! Вы вошли в «Кварту». Вернитесь на сайт — вход уже выполнен — или откройте приложение здесь.'
      : 'Готово! Бот запущен: подобранные ИИ-агентом квартиры будут приходить сюда.',
    buttons,
  };
}
