import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Payments } from '.';
import type { JobsConfig } from '../jobs';
import { definePaymentJobs } from './jobs';
import { RedemptionMarker } from './redemption-marker';
import { createPayments, type CardStandIn, type PaymentsOptions } from './setup';
import { starsHandlers } from './stars';

declare module 'fastify' {
  interface FastifyInstance {
    /** The price list and the ways to pay (a provider is null where it is not configured: its payments answer 503). */
    payments: Payments;
    /** Keyed hashes of Telegram ids: the trial and one-per-person promocodes stay redeemed past an account's deletion. */
    redemptionMarker: RedemptionMarker;
  }
}

export interface SubscriptionOptions {
  jwtSecret: Uint8Array;
  jobs: JobsConfig;
  /** Prices and card payments (CloudPayments' keys); without keys the stand-in's fake CloudPayments, never in production. */
  payments?: PaymentsOptions;
  /** CloudPayments' stand-in when the composition loaded server/dev/ and Telegram's stand-in is on. */
  cardStandIn?: ((app: FastifyInstance) => CardStandIn) | null;
}

/** Prices, card and Stars payments, the redemption marks and the payment jobs. */
export const subscriptionPlugin = fp(
  async (app: FastifyInstance, options: SubscriptionOptions) => {
    app.decorate(
      'payments',
      createPayments(options.payments ?? {}, options.cardStandIn?.(app) ?? null, () => app.bot),
    );
    app.decorate('redemptionMarker', new RedemptionMarker(options.jwtSecret));
    app.bot.setStarsHandlers(starsHandlers(app, app.payments.prices, { warn: (m) => app.log.warn(m) }));
    await definePaymentJobs(app, options.jobs.providerRetrySeconds);
  },
  { name: 'kvarta-subscription', fastify: '5.x', dependencies: ['kvarta-infra', 'kvarta-bot'] },
);
