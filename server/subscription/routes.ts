import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isTelegramSession } from '../http/session';
import { notFound } from '../core/errors';
import { route } from '../http/route';
import { findPayment, paymentView } from './payments';
import { cancelAndStopLira, checkPromocode, payForPeriod, subscribe } from './service';
import { findSubscription, subscriptionView } from './subscriptions';

/** `/api/cabinet/profile/subscription` (spec §7), promocodes, periods and payments. */
export async function subscriptionRoutes(app: FastifyInstance): Promise<void> {
  const anonymousMessage = 'Для подписки войдите через Telegram';
  /** Inside Telegram by the session's signed token; the Mini App's own header too (it never pays by card either). */
  const channelOf = (request: FastifyRequest) => ({
    inTelegram: isTelegramSession(request) || request.headers['x-platform-type'] === 'TELEGRAM_MINI_APP',
  });

  route(app, 'subscription', {
    handler: async ({ user }) => {
      const row = await findSubscription(app.db, user.id);
      // Spec §7: a failure means "no subscription".
      if (!row) throw notFound('Подписка не оформлена');
      return subscriptionView(app.db, row, app.now(), app.redemptionMarker.redeemer(user));
    },
  });
  route(app, 'subscribe', { anonymousMessage, handler: ({ body, user, request }) => subscribe(app, user, body, channelOf(request)) });
  route(app, 'subscriptionCancel', { anonymousMessage, handler: ({ user }) => cancelAndStopLira(app, user) });
  route(app, 'promocodeCheck', {
    handler: async ({ body, user, request }) => {
      // Per user and per address: anonymous tokens are cheap, so the address bounds guessing codes.
      await app.limiters.promocodeCheck(user.id, request.ip);
      return checkPromocode(app, user, body.promocode, body.days);
    },
  });
  route(app, 'subscriptionPeriods', { handler: () => app.payments.prices.periods() });

  route(app, 'paymentStart', { anonymousMessage, handler: ({ body, user, request }) => payForPeriod(app, user, body, channelOf(request)) });
  route(app, 'payment', {
    handler: async ({ params, user }) => {
      const payment = await findPayment(app.db, params.paymentId);
      if (!payment || payment.userId !== user.id) throw notFound('Платёж не найден');
      return paymentView(payment);
    },
  });
}
