import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { OfflineBot } from '../bot/offline';
import { botCallbackHandler } from '../bot/callbacks';
import { signOutEverywhere } from '../bot/sign-in';
import { handleStart } from '../bot/start';
import { STAND_IN_PAGE } from '../bot/stand-in-page';
import type { CallbackService } from '../callback';
import type { AppContext } from '../context';
import { devRoute } from '../http/dev-route';

const startSchema = z.object({
  token: z.string().max(64).optional(),
  user: z.object({ id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER), first_name: z.string().trim().min(1).max(64) }),
});

/**
 * The offline Telegram stand-in (no bot token, not production): the page, /start through the
 * same handler as the real bot, and the messages the bot "sent".
 */
export function devTelegramRoutes(app: FastifyInstance, ctx: AppContext, callbacks?: CallbackService): void {
  if (!ctx.telegram.standIn || !(ctx.bot instanceof OfflineBot)) return;
  const bot = ctx.bot;
  app.get('/dev/telegram', async (_request, reply) =>
    reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-store').send(STAND_IN_PAGE),
  );
  devRoute(app, {
    method: 'POST',
    url: '/dev/telegram/start',
    body: startSchema,
    handler: async ({ body }) => {
      await bot.sendMessage(body.user.id, body.token ? `/start ${body.token}` : '/start');
      const reply = await handleStart(ctx, body.token || undefined, body.user);
      await bot.sendMessage(body.user.id, reply.text, reply.buttons);
      return reply;
    },
  });
  // `/logout`, as the real bot's command: every session of the sender's account ends.
  devRoute(app, {
    method: 'POST',
    url: '/dev/telegram/logout',
    body: z.object({ user: startSchema.shape.user }),
    handler: async ({ body }) => {
      await bot.sendMessage(body.user.id, '/logout');
      const text = await signOutEverywhere(ctx, body.user.id);
      await bot.sendMessage(body.user.id, text);
      return { text };
    },
  });
  // A press on an inline callback button («Войти»/«Отклонить»/«Это не я», 👍/👎), as Telegram's callback_query.
  const onCallback = botCallbackHandler(ctx);
  devRoute(app, {
    method: 'POST',
    url: '/dev/telegram/callback',
    body: z.object({ data: z.string().min(1).max(64), user: startSchema.shape.user }),
    handler: async ({ body }) => ({ text: await onCallback(body.data, body.user) }),
  });
  devRoute(app, {
    method: 'GET',
    url: '/dev/telegram/messages',
    query: z.object({ chatId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) }),
    handler: ({ query }) => bot.messagesFor(query.chatId),
  });
  // The managers' chat: call-back requests the bot delivered (section «Чат менеджеров» of the page).
  devRoute(app, {
    method: 'GET',
    url: '/dev/telegram/managers',
    handler: async () => {
      const chatId = callbacks?.managersChat();
      return { chatId: chatId ?? null, messages: chatId === undefined ? [] : await bot.messagesFor(chatId) };
    },
  });
}
