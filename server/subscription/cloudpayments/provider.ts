import type { Checkout, CloudPaymentsOptions } from '@kvarta/contract/subscription';
import type { PaymentOrder, PaymentProvider } from '../payments';

/** 54-FZ settings of the online cash register (CLOUDPAYMENTS_TAXATION_SYSTEM, CLOUDPAYMENTS_VAT). */
export interface ReceiptSettings {
  /** 0 ОСН, 1 УСН доходы, 2 УСН доходы − расходы, 4 ЕСХН, 5 ПСН. */
  taxationSystem: number;
  /** null: without VAT; otherwise the rate in percent. */
  vat: number | null;
}

export const DEFAULT_RECEIPT: ReceiptSettings = { taxationSystem: 1, vat: null };

/**
 * FFD 1.2 (tag 2108, «мера количества предмета расчёта»): a cash register on 1.2 refuses an item without it. 0 is
 * «штуки или единицы» — what one period of a service is.
 */
const MEASUREMENT_UNIT_PIECE = 0;

/** The real widget; the stand-in serves a fake with the same API at /dev/cloudpayments/widget.js. */
export const CLOUDPAYMENTS_WIDGET_URL = 'https://widget.cloudpayments.ru/bundles/cloudpayments.js';

/**
 * Cards through CloudPayments' widget: the server builds the whole `pay('charge', …)` call — our invoice id and
 * account id (the notifications carry them back), the price from our list, the receipt, and a `recurrent` block
 * with the plan's days, so the card renews exactly one period at the full price (a promocode discounts only the
 * first payment).
 */
export class CloudPaymentsProvider implements PaymentProvider {
  readonly method = 'card' as const;
  readonly currency = 'RUB' as const;

  /** Every card payment carries the `recurrent` block: the card renews whatever the period. */
  renews(): boolean {
    return true;
  }

  constructor(
    private readonly publicId: string,
    private readonly scriptUrl: string,
    private readonly receipt: ReceiptSettings,
  ) {}

  async checkout(order: PaymentOrder): Promise<Checkout> {
    const receipt = (amount: number) => ({
      Items: [
        {
          label: order.description,
          price: amount,
          quantity: 1,
          amount,
          vat: this.receipt.vat,
          method: 4,
          object: 4,
          measurementUnit: MEASUREMENT_UNIT_PIECE,
        },
      ],
      taxationSystem: this.receipt.taxationSystem,
      ...(order.receiptEmail ? { email: order.receiptEmail } : {}),
      amounts: { electronic: amount, advancePayment: 0, credit: 0, provision: 0 },
    });
    const options: CloudPaymentsOptions = {
      publicId: this.publicId,
      description: order.description,
      amount: order.amount,
      currency: 'RUB',
      invoiceId: order.id,
      accountId: String(order.userId),
      ...(order.receiptEmail ? { email: order.receiptEmail } : {}),
      skin: 'mini',
      data: {
        CloudPayments: {
          CustomerReceipt: receipt(order.amount),
          recurrent: { interval: 'Day', period: order.days, amount: order.renewalAmount, customerReceipt: receipt(order.renewalAmount) },
        },
      },
    };
    return { kind: 'cloudpayments', scriptUrl: this.scriptUrl, options };
  }
}
