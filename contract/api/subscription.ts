/** The AI search's subscription and its payments. The periods and payments paths are ours. */
import { endpoint } from '../endpoint';
import {
  paymentIdParamsSchema,
  paymentSchema,
  paymentStartRequestSchema,
  promocodeCheckRequestSchema,
  promocodeCheckResponseSchema,
  subscriptionPeriodsSchema,
  subscriptionPostResponseSchema,
  subscriptionQuerySchema,
  subscriptionRequestSchema,
  subscriptionSchema,
} from '../subscription';

export const subscriptionEndpoints = {
  subscription: endpoint({
    method: 'GET',
    path: '/cabinet/profile/subscription',
    access: 'token',
    summary: 'Подписка (404, если не оформлена)',
    query: subscriptionQuerySchema,
    response: subscriptionSchema,
  }),
  subscribe: endpoint({
    method: 'POST',
    path: '/cabinet/profile/subscription',
    access: 'signedIn',
    summary: 'Оформить подписку (промокод или оплата)',
    body: subscriptionRequestSchema,
    response: subscriptionPostResponseSchema,
  }),
  subscriptionCancel: endpoint({
    method: 'DELETE',
    path: '/cabinet/profile/subscription',
    access: 'signedIn',
    summary: 'Отменить подписку',
    query: subscriptionQuerySchema,
    response: subscriptionSchema,
  }),
  promocodeCheck: endpoint({
    method: 'POST',
    path: '/cabinet/profile/subscription/promocode-check',
    access: 'token',
    summary: 'Проверить промокод',
    body: promocodeCheckRequestSchema,
    response: promocodeCheckResponseSchema,
  }),
  subscriptionPeriods: endpoint({
    method: 'GET',
    path: '/cabinet/profile/subscription/periods',
    access: 'anyone',
    summary: 'Периоды подписки и цены',
    response: subscriptionPeriodsSchema,
  }),
  paymentStart: endpoint({
    method: 'POST',
    path: '/cabinet/payments',
    access: 'signedIn',
    summary: 'Начать оплату периода',
    body: paymentStartRequestSchema,
    response: paymentSchema,
  }),
  payment: endpoint({
    method: 'GET',
    path: '/cabinet/payments/{paymentId}',
    access: 'token',
    summary: 'Платёж',
    params: paymentIdParamsSchema,
    response: paymentSchema,
  }),
};
