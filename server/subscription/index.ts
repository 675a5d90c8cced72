import type { CloudPaymentsApi } from './cloudpayments/api';
import type { PaymentProvider } from './payments';
import type { PriceList } from './price-list';

/** How this server takes money: by card (CloudPayments, real or the stand-in's fake) and in Telegram Stars. */
export interface Payments {
  prices: PriceList;
  card: PaymentProvider | null;
  stars: PaymentProvider | null;
  /** CloudPayments' server API (cancel a card subscription, refund) and the secret its notifications are signed with. */
  /**
   * `standIn`: the fake's public secret signs the notifications, so they are believed only where the other
   * development tools answer (this machine, unless DEV_TOOLS_REMOTE=1); never with real keys.
   */
  cloudPayments: { api: CloudPaymentsApi; apiSecret: string; standIn: boolean } | null;
}
