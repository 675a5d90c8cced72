import type { Platform } from '@platform';
import type { PaymentChannel } from '../model';
import { payByCard } from './cloudpayments-widget';

/** Where the stand-in's Stars invoice page sends the Mini App back; the page then verifies the payment. */
const MINIAPP_RETURN = '/tma/agent';

/**
 * How this build takes money, asked of the platform: the card form, or Telegram's Stars sheet where the platform can
 * open one. Null when the only method it sells with cannot be opened here.
 */
export function paymentChannel(platform: Platform): PaymentChannel | null {
  const method = platform.payments.methods[0];
  if (method === 'card') {
    return {
      method,
      open: async (payment) => {
        const c = payment.checkout;
        if (c?.kind !== 'cloudpayments') return false;
        return (await payByCard(c.scriptUrl, c.options)).outcome !== 'cancelled';
      },
    };
  }
  if (method !== 'stars' || !platform.openInvoice) return null;
  const openInvoice = (link: string, returnPath: string) => platform.openInvoice!(link, returnPath);
  return {
    method,
    open: async (payment) => {
      const c = payment.checkout;
      if (c?.kind !== 'stars') return false;
      return (await openInvoice(c.invoiceLink, `${MINIAPP_RETURN}?payment=${payment.paymentId}`)) !== 'cancelled';
    },
  };
}
