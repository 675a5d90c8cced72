import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API_PATHS } from '../../src/shared/api/contract/paths';
import { SUBSCRIPTION_PERIODS } from '../../src/shared/api/contract/lira-rules';
import {
  paymentIdParamsSchema,
  paymentStartRequestSchema,
  promocodeCheckRequestSchema,
  subscriptionQuerySchema,
  subscriptionRequestSchema,
} from '../../src/shared/api/contract/subscription';
import type { AppContext } from '../context';
import { HttpError, forbidden, notFound } from '../http/errors';
import { route } from '../http/route';
import { findPayment } from '../subscription/payments';
import { cancelAndStopAgent, checkPromocode, confirmSandboxPayment, payForPeriod, subscribe } from '../subscription/service';
import { sandboxPaymentPage } from '../subscription/sandbox-page';
import { SandboxPaymentProvider } from '../subscription/payments';
import { findSubscription, subscriptionView } from '../subscription/subscriptions';
import { paymentView } from '../subscription/payments';

/** `/api/cabinet/profile/subscription` (spec §7), promocodes, periods and payments (issue 6). */
export function subscriptionRoutes(app: FastifyInstance, ctx: AppContext): void {
  const signedIn = async (request: FastifyRequest) => {
    const user = await ctx.auth.requireUser(request);
    if (user.isAnonymous) throw forbidden('Для подписки войдите через Telegram');
    return user;
  };

  route(app, {
    method: 'GET',
    url: API_PATHS.SUBSCRIPTION,
    query: subscriptionQuerySchema,
    handler: async ({ request }) => {
      const user = await ctx.auth.requireUser(request);
      const row = await findSubscription(ctx.db, user.id);
      // Spec §7: a failure means "no subscription".
      if (!row) throw notFound('Подписка не оформлена');
      return subscriptionView(ctx.db, row, ctx.now());
    },
  });
  route(app, {
    method: 'POST',
    url: API_PATHS.SUBSCRIPTION,
    body: subscriptionRequestSchema,
    handler: async ({ body, request }) => subscribe(ctx, (await signedIn(request)).id, body),
  });
  route(app, {
    method: 'DELETE',
    url: API_PATHS.SUBSCRIPTION,
    query: subscriptionQuerySchema,
    handler: async ({ request }) => cancelAndStopAgent(ctx, (await signedIn(request)).id),
  });
  route(app, {
    method: 'POST',
    url: API_PATHS.SUBSCRIPTION_PROMOCODE_CHECK,
    body: promocodeCheckRequestSchema,
    handler: async ({ body, request }) => checkPromocode(ctx, (await ctx.auth.requireUser(request)).id, body.promocode, body.days),
  });
  route(app, {
    method: 'GET',
    url: API_PATHS.SUBSCRIPTION_PERIODS,
    handler: () => SUBSCRIPTION_PERIODS.map((p) => ({ days: p.days, price: p.price, title: p.title })),
  });

  route(app, {
    method: 'POST',
    url: API_PATHS.PAYMENT_START,
    body: paymentStartRequestSchema,
    handler: async ({ body, request }) => payForPeriod(ctx, (await signedIn(request)).id, body),
  });
  route(app, {
    method: 'GET',
    url: API_PATHS.PAYMENT.replace('{paymentId}', ':paymentId'),
    params: paymentIdParamsSchema,
    handler: async ({ params, request }) => {
      const user = await ctx.auth.requireUser(request);
      const payment = await findPayment(ctx.db, params.paymentId);
      if (!payment || payment.userId !== user.id) throw notFound('Платёж не найден');
      return paymentView(payment);
    },
  });
}

/**
 * The sandbox provider's page and its two buttons (no bearer token: the page is the provider). Only
 * where the sandbox is the provider: with the offline Telegram stand-in or PAYMENTS_SANDBOX=1 (app.ts).
 */
export function sandboxPaymentRoutes(app: FastifyInstance, ctx: AppContext): void {
  if (!(ctx.payments instanceof SandboxPaymentProvider)) return;
  app.get('/dev/payments/:paymentId', async (request, reply) => {
    const parsed = paymentIdParamsSchema.safeParse(request.params);
    const payment = parsed.success ? await findPayment(ctx.db, parsed.data.paymentId) : null;
    if (!payment) return reply.code(404).type('text/html; charset=utf-8').send('<!doctype html><html lang="ru"><meta charset="utf-8"><title>Платёж не найден</title><p>Платёж не найден</p></html>');
    return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-store').send(sandboxPaymentPage(payment));
  });
  for (const decision of ['approve', 'decline'] as const) {
    route(app, {
      method: 'POST',
      url: `/dev/payments/:paymentId/${decision}`,
      params: paymentIdParamsSchema,
      handler: async ({ params }) => {
        const payment = await confirmSandboxPayment(ctx, params.paymentId, decision === 'approve' ? 'SUCCEEDED' : 'FAILED');
        if (!payment) throw new HttpError(404, 'Платёж не найден');
        return paymentView(payment);
      },
    });
  }
}
