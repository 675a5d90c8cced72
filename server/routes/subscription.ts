import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { SUBSCRIPTION_PERIODS } from '@kvarta/contract/lira-rules';
import { paymentIdParamsSchema } from '@kvarta/contract/subscription';
import type { AppContext } from '../context';
import type { AppLimiters } from '../http/app-limits';
import { HttpError, forbidden, notFound } from '../http/errors';
import { devRoute } from '../http/dev-route';
import { route } from '../http/route';
import { findPayment, payerKeyMatches } from '../subscription/payments';
import { cancelAndStopAgent, checkPromocode, confirmSandboxPayment, payForPeriod, subscribe } from '../subscription/service';
import { sandboxPaymentPage } from '../subscription/sandbox-page';
import { SandboxPaymentProvider } from '../subscription/payments';
import { findSubscription, subscriptionView } from '../subscription/subscriptions';
import { paymentView } from '../subscription/payments';

/** `/api/cabinet/profile/subscription` (spec §7), promocodes, periods and payments (issue 6). */
export function subscriptionRoutes(app: FastifyInstance, ctx: AppContext, limiters: AppLimiters): void {
  const anonymousMessage = 'Для подписки войдите через Telegram';

  route(app, 'subscription', {
    handler: async ({ user }) => {
      const row = await findSubscription(ctx.db, user.id);
      // Spec §7: a failure means "no subscription".
      if (!row) throw notFound('Подписка не оформлена');
      return subscriptionView(ctx.db, row, ctx.now());
    },
  });
  route(app, 'subscribe', { anonymousMessage, handler: ({ body, user }) => subscribe(ctx, user.id, body) });
  route(app, 'subscriptionCancel', { anonymousMessage, handler: ({ user }) => cancelAndStopAgent(ctx, user.id) });
  route(app, 'promocodeCheck', {
    handler: async ({ body, user, request }) => {
      // Per user and per address: anonymous tokens are cheap, so the address bounds guessing codes.
      await limiters.promocodeCheck(user.id, request.ip);
      return checkPromocode(ctx, user.id, body.promocode, body.days);
    },
  });
  route(app, 'subscriptionPeriods', { handler: () => SUBSCRIPTION_PERIODS.map((p) => ({ days: p.days, price: p.price, title: p.title })) });

  route(app, 'paymentStart', { anonymousMessage, handler: ({ body, user }) => payForPeriod(ctx, user.id, body) });
  route(app, 'payment', {
    handler: async ({ params, user }) => {
      const payment = await findPayment(ctx.db, params.paymentId);
      if (!payment || payment.userId !== user.id) throw notFound('Платёж не найден');
      return paymentView(payment);
    },
  });
}

/** The secret of the payer's link (`#key=…`), sent by the page's script. */
const sandboxDecisionSchema = z.object({ key: z.string().min(1, 'key: нужен ключ из ссылки на оплату').max(200) });
export const NOT_THE_PAYER = 'Подтвердить платёж может только тот, кто его начал';

/**
 * The sandbox provider's page and its two buttons. Only where the sandbox is the provider: with the
 * offline Telegram stand-in or PAYMENTS_SANDBOX=1 (app.ts).
 *
 * Approve/decline need the payer's proof: the secret of the link only the payer got (stored hashed),
 * not the bearer token. The token would tie the page to where the app keeps it (the site's storage, or
 * the Mini App's, which a page opened in Telegram's browser does not share), and a real provider's page
 * never sees our token either: it settles by its own payment secret, which this mimics. A payment id
 * alone (logs, the status poll, a shared screen) no longer settles anything.
 */
export function sandboxPaymentRoutes(app: FastifyInstance, ctx: AppContext): void {
  if (!(ctx.payments instanceof SandboxPaymentProvider)) return;
  app.get('/dev/payments/:paymentId', async (request, reply) => {
    const parsed = paymentIdParamsSchema.safeParse(request.params);
    const payment = parsed.success ? await findPayment(ctx.db, parsed.data.paymentId) : null;
    if (!payment)
      return reply
        .code(404)
        .type('text/html; charset=utf-8')
        .send('<!doctype html><html lang="ru"><meta charset="utf-8"><title>Платёж не найден</title><p>Платёж не найден</p></html>');
    return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-store').send(sandboxPaymentPage(payment));
  });
  for (const decision of ['approve', 'decline'] as const) {
    devRoute(app, {
      method: 'POST',
      url: `/dev/payments/:paymentId/${decision}`,
      params: paymentIdParamsSchema,
      body: sandboxDecisionSchema,
      handler: async ({ params, body }) => {
        if (!(await findPayment(ctx.db, params.paymentId))) throw new HttpError(404, 'Платёж не найден');
        if (!(await payerKeyMatches(ctx.db, params.paymentId, body.key))) throw forbidden(NOT_THE_PAYER);
        const payment = await confirmSandboxPayment(ctx, params.paymentId, decision === 'approve' ? 'SUCCEEDED' : 'FAILED');
        if (!payment) throw new HttpError(404, 'Платёж не найден');
        return paymentView(payment);
      },
    });
  }
}
