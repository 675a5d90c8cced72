import type { FastifyInstance } from 'fastify';
import { presentBinding } from '../auth/bindings';
import type { InitDataUser } from '../auth/telegram-init-data';
import type { BotButton } from '../infra/bot-gateway';
import { confirmationButtons, confirmationText, failureText, miniAppButtons } from './sign-in';

export interface StartReply {
  text: string;
  buttons: BotButton[][];
}

/**
 * `/start [token]` — one code path for the real bot and the offline stand-in. With a token it signs
 * nobody in: like a QR login it shows where the request came from and asks «Войти» / «Отклонить»
 * (a link someone else made must not sign the victim into the sender's browser).
 */
export async function handleStart(
  ctx: Pick<FastifyInstance, 'db' | 'miniAppUrl'>,
  token: string | undefined,
  user: InitDataUser,
): Promise<StartReply> {
  if (!token) {
    return {
      text: 'Здравствуйте! Я бот «Кварты» — цифрового риелтора. Откройте приложение, чтобы подобрать квартиру, а новые варианты от ИИ-агента я буду присылать сюда.',
      buttons: miniAppButtons(ctx),
    };
  }
  const result = await presentBinding(ctx.db, token, user.id);
  if (!result.ok) return { text: failureText(result.reason), buttons: miniAppButtons(ctx) };
  return { text: confirmationText(result.type, result.origin), buttons: confirmationButtons(token) };
}
