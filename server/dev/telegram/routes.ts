import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { randomBytes } from 'node:crypto';
import { OfflineBot, STAND_IN_INVOICE_PATH } from './offline-bot';
import { STAND_IN_INVOICE_PAGE } from './stand-in-invoice-page';
import { HttpError } from '../../http/errors';
import { botCallbackHandler } from '../../bot/callbacks';
import { handleCommand } from '../../bot/commands';
import { parseDrawingRef, renderDrawing, STAND_IN_PICTURE_PATH } from '../../lira/pictures';
import { signOutEverywhere } from '../../bot/sign-in';
import { handleStart } from '../../bot/start';
import { STAND_IN_PAGE } from './stand-in-page';
import { devRoute } from '../dev-route';
import type { BotButton } from '../../infra/bot-gateway';

const startSchema = z.object({
  token: z.string().max(64).optional(),
  user: z.object({ id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER), first_name: z.string().trim().min(1).max(64) }),
});

/**
 * The offline Telegram stand-in (no bot token, not production): the page, /start through the
 * same handler as the real bot, and the messages the bot "sent".
 */
export function devTelegramRoutes(app: FastifyInstance): void {
  if (!app.telegram.standIn || !(app.bot instanceof OfflineBot)) return;
  const bot = app.bot;
  app.get('/dev/telegram', async (_request, reply) =>
    reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-store').send(STAND_IN_PAGE),
  );
  // What the user typed, as the chat shows it, then the real bot's handler's answer.
  const converse = async <R extends { text: string; buttons?: BotButton[][] }>(userId: number, typed: string, answer: () => Promise<R>) => {
    await bot.sendMessage(userId, typed);
    const reply = await answer();
    await bot.sendMessage(userId, reply.text, reply.buttons);
    return reply;
  };
  devRoute(app, {
    method: 'POST',
    url: '/dev/telegram/start',
    body: startSchema,
    handler: ({ body }) =>
      converse(body.user.id, body.token ? `/start ${body.token}` : '/start', () => handleStart(app, body.token || undefined, body.user)),
  });
  // `/logout`, as the real bot's command: every session of the sender's account ends.
  devRoute(app, {
    method: 'POST',
    url: '/dev/telegram/logout',
    body: z.object({ user: startSchema.shape.user }),
    handler: ({ body }) => converse(body.user.id, '/logout', async () => ({ text: await signOutEverywhere(app, body.user.id) })),
  });
  // `/settings`, `/stop`, `/resume`, `/help`, `/delete`, answered by the real bot's handler.
  devRoute(app, {
    method: 'POST',
    url: '/dev/telegram/command',
    body: z.object({ command: z.enum(['settings', 'stop', 'resume', 'help', 'delete']), user: startSchema.shape.user }),
    handler: ({ body }) => converse(body.user.id, `/${body.command}`, () => handleCommand(app, body.command, body.user)),
  });
  // A press on an inline callback button («Войти»/«Отклонить»/«Это не я», 👍/👎, a dislike reason), as Telegram's
  // callback_query: the message it was under is the user's own chat's, and the answer may rewrite it.
  const onCallback = botCallbackHandler(app);
  devRoute(app, {
    method: 'POST',
    url: '/dev/telegram/callback',
    body: z.object({
      data: z.string().min(1).max(64),
      user: startSchema.shape.user,
      messageId: z.number().int().positive().max(2_147_483_647).optional(),
    }),
    handler: async ({ body }) => {
      const message = body.messageId === undefined ? undefined : await bot.pressedMessage(body.user.id, body.messageId);
      const answer = await onCallback(body.data, body.user, message);
      if (typeof answer === 'string') return { text: answer };
      if (answer.edit && message) await bot.editMessage(message, answer.edit.text, answer.edit.buttons);
      if (answer.reply && message) await bot.sendMessage(message.chatId, answer.reply.text, answer.reply.buttons);
      return { text: answer.text };
    },
  });
  // The album's pictures as Telegram gets them: our drawings rasterised, 1x or 2x.
  app.get(`${STAND_IN_PICTURE_PATH}:file`, async (request, reply) => {
    const params = z
      .object({
        file: z
          .string()
          .max(64)
          .regex(/\.png$/),
      })
      .safeParse(request.params);
    const query = z.object({ scale: z.enum(['1', '2']).default('2') }).safeParse(request.query);
    const ref = params.success ? parseDrawingRef(params.data.file.slice(0, -'.png'.length)) : null;
    if (!ref || !query.success) throw new HttpError(404, 'Картинка не найдена');
    const png = await renderDrawing(app, ref, query.data.scale === '1' ? 1 : 2);
    if (!png) throw new HttpError(404, 'Картинка не найдена');
    return reply.type('image/png').header('Cache-Control', 'public, max-age=86400').send(png);
  });
  devRoute(app, {
    method: 'GET',
    url: '/dev/telegram/messages',
    query: z.object({ chatId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) }),
    handler: ({ query }) => bot.messagesFor(query.chatId),
  });
  // What Telegram would send for a prepared message (the Mini App's shareMessage names it by id).
  devRoute(app, {
    method: 'GET',
    url: '/dev/telegram/prepared/:id',
    params: z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'id: неверный идентификатор') }),
    handler: ({ params }) => {
      const message = bot.preparedMessage(params.id);
      if (!message) throw new HttpError(404, 'Сообщение не найдено');
      return message;
    },
  });
  // Telegram's invoice sheet for Stars: the page, its data, and «Оплатить ⭐» (pre_checkout_query, then successful_payment).
  const slugParams = z.object({ slug: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'slug: неверный счёт') });
  app.get(`${STAND_IN_INVOICE_PATH}:slug`, async (_request, reply) =>
    reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-store').send(STAND_IN_INVOICE_PAGE),
  );
  const invoiceOf = async (slug: string) => {
    const invoice = await bot.findInvoice(slug);
    if (!invoice) throw new HttpError(404, 'Счёт не найден');
    return invoice;
  };
  devRoute(app, {
    method: 'GET',
    url: `${STAND_IN_INVOICE_PATH}:slug/data`,
    params: slugParams,
    handler: ({ params }) => invoiceOf(params.slug),
  });
  devRoute(app, {
    method: 'POST',
    url: `${STAND_IN_INVOICE_PATH}:slug/pay`,
    params: slugParams,
    body: z.object({ user: startSchema.shape.user }),
    handler: async ({ params, body }) => {
      const invoice = await invoiceOf(params.slug);
      if (!bot.stars) throw new HttpError(503, 'Оплата звёздами временно недоступна');
      const verdict = await bot.stars.preCheckout({
        id: randomBytes(8).toString('hex'),
        fromId: body.user.id,
        currency: 'XTR',
        totalAmount: invoice.amount,
        payload: invoice.payload,
      });
      if (!verdict.ok) return { status: 'failed' as const, message: verdict.message };
      const chargeId = `stxStandIn${randomBytes(12).toString('hex')}`;
      const recurring = invoice.subscriptionPeriod !== null;
      await bot.stars.successfulPayment({
        fromId: body.user.id,
        currency: 'XTR',
        totalAmount: invoice.amount,
        payload: invoice.payload,
        chargeId,
        isRecurring: recurring,
        isFirstRecurring: recurring,
        ...(recurring ? { subscriptionExpirationDate: Math.floor(Date.now() / 1000) + invoice.subscriptionPeriod! } : {}),
      });
      await bot.sendMessage(body.user.id, `Вы оплатили ⭐ ${invoice.amount} · ${invoice.title}`);
      return { status: 'paid' as const, chargeId };
    },
  });
  // The managers' chat: call-back requests the bot delivered (section «Чат менеджеров» of the page).
  devRoute(app, {
    method: 'GET',
    url: '/dev/telegram/managers',
    handler: async () => {
      const chatId = app.callbacks.managersChat();
      return { chatId: chatId ?? null, messages: chatId === undefined ? [] : await bot.messagesFor(chatId) };
    },
  });
}
