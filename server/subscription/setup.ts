import type { FastifyInstance } from 'fastify';
import type { BotGateway } from '../bot/gateway';
import type { Payments } from '.';
import { CloudPaymentsApi, type CloudPaymentsCredentials, type FetchLike } from './cloudpayments/api';
import { FAKE_CLOUDPAYMENTS, FakeCloudPayments, fakeCloudPaymentsRoutes, loopbackFetch } from './cloudpayments/fake';
import { CLOUDPAYMENTS_WIDGET_URL, CloudPaymentsProvider, DEFAULT_RECEIPT, type ReceiptSettings } from './cloudpayments/provider';
import { PriceList, type Plan } from './price-list';
import { StarsProvider } from './stars';

export interface PaymentsOptions {
  /** SUBSCRIPTION_PRICES (config.ts); the default list otherwise. */
  plans?: readonly Plan[];
  /** Real CloudPayments keys; without them the stand-in's fake (outside production), or no card payments. */
  cloudPayments?: CloudPaymentsCredentials | null;
  receipt?: ReceiptSettings;
  /** Tests: CloudPayments' API through a fake of their own. */
  fetch?: FetchLike;
}

const globalFetch: FetchLike = (url, init) => fetch(url, { ...init, signal: AbortSignal.timeout(15_000) });

/**
 * The price list and the ways to pay. Cards: CloudPayments with its keys; the fake (same protocol, in-process,
 * /dev/cloudpayments/…) where the Telegram stand-in is; otherwise none. Stars: through the bot, real or stand-in.
 */
export function createPayments(app: FastifyInstance, options: PaymentsOptions, standIn: boolean, bot: () => BotGateway) {
  const real = options.cloudPayments ?? null;
  const useFake = !real && standIn;
  const credentials = real ?? (useFake ? FAKE_CLOUDPAYMENTS : null);
  const payments: Payments = {
    prices: new PriceList(options.plans),
    card: credentials
      ? new CloudPaymentsProvider(
          credentials.publicId,
          useFake ? FAKE_CLOUDPAYMENTS.widgetUrl : CLOUDPAYMENTS_WIDGET_URL,
          options.receipt ?? DEFAULT_RECEIPT,
        )
      : null,
    stars: new StarsProvider(bot),
    cloudPayments: credentials
      ? {
          api: new CloudPaymentsApi(credentials, loopbackFetch(app, options.fetch ?? globalFetch)),
          apiSecret: credentials.apiSecret,
          standIn: useFake,
        }
      : null,
  };
  return {
    payments,
    /** The fake provider's routes, only when it stands in for the real one. */
    registerFakes(): FakeCloudPayments | null {
      if (!useFake) return null;
      const fake = new FakeCloudPayments(app);
      fakeCloudPaymentsRoutes(app, fake);
      return fake;
    },
  };
}
