import { TelegramBot } from '../../server/bot/telegram';
import { TEST_BOT_TOKEN } from './helpers';

export type BotCall = { method: string; payload: Record<string, unknown> };
type BotOptions = ConstructorParameters<typeof TelegramBot>[0];

/** A sent message as Telegram answers it. */
export const sentMessage = (messageId: number) => ({ message_id: messageId, date: 0, chat: { id: 1, type: 'private' } });

/**
 * The real grammY bot with its API calls intercepted: nothing leaves the process. Each call is recorded and answered
 * with `answer(method, payload, calls)` (by default, a sent message numbered by the calls so far).
 */
export function offlineGrammy(
  options: Partial<BotOptions> & Pick<BotOptions, 'onStart'>,
  answer: (method: string, payload: Record<string, unknown>, calls: BotCall[]) => unknown = (_method, _payload, calls) =>
    sentMessage(calls.length),
) {
  const calls: BotCall[] = [];
  const bot = new TelegramBot({ token: TEST_BOT_TOKEN, username: 'kvarta_test_bot', miniAppUrl: 'https://kvarta.test/tma/', ...options });
  bot.bot.botInfo = {
    id: 123456,
    is_bot: true,
    first_name: 'Кварта',
    username: 'kvarta_test_bot',
    can_join_groups: false,
    can_read_all_group_messages: false,
    supports_inline_queries: false,
    can_connect_to_business: false,
    has_main_web_app: true,
  } as typeof bot.bot.botInfo;
  bot.bot.api.config.use(async (_prev, method, payload) => {
    const call = { method, payload: payload as Record<string, unknown> };
    calls.push(call);
    return { ok: true, result: answer(method, call.payload, calls) } as never;
  });
  return { bot, calls };
}
