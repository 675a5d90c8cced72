import type { BotGateway } from '../infra/bot-gateway';
import type { Payments } from '.';
import { CloudPaymentsApi, type CloudPaymentsCredentials, type FetchLike } from './cloudpayments/api';
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

/** CloudPayments' stand-in (server/dev/cloudpayments/, never in production), given by the composition. */
export interface CardStandIn {
  credentials: CloudPaymentsCredentials;
  widgetUrl: string;
  /** Requests to the stand-in's API origin answered in-process; any other goes to `realFetch`. */
  fetch(realFetch: FetchLike): FetchLike;
  /** Its routes (widget, charge, API). */
  register(): void;
}

const globalFetch: FetchLike = (url, init) => fetch(url, { ...init, signal: AbortSignal.timeout(15_000) });

/**
 * The price list and the ways to pay. Cards: CloudPayments with its keys; the stand-in (same protocol, in-process,
 * /dev/cloudpayments/…, its routes registered here) where the Telegram stand-in is; otherwise none. Stars: through
 * the bot, real or stand-in.
 */
export function createPayments(options: PaymentsOptions, standIn: CardStandIn | null, bot: () => BotGateway): Payments {
  const real = options.cloudPayments ?? null;
  const fake = real ? null : standIn;
  const credentials = real ?? fake?.credentials ?? null;
  const fetch = options.fetch ?? globalFetch;
  // The stand-in's routes, only when it stands in for the real one.
  fake?.register();
  return {
    prices: new PriceList(options.plans),
    card: credentials
      ? new CloudPaymentsProvider(credentials.publicId, fake?.widgetUrl ?? CLOUDPAYMENTS_WIDGET_URL, options.receipt ?? DEFAULT_RECEIPT)
      : null,
    stars: new StarsProvider(bot),
    cloudPayments: credentials
      ? {
          api: new CloudPaymentsApi(credentials, fake ? fake.fetch(fetch) : fetch),
          apiSecret: credentials.apiSecret,
          standIn: fake !== null,
        }
      : null,
  };
}
