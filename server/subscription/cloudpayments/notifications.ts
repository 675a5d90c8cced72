import { z } from 'zod';

/**
 * CloudPayments' notifications (Check, Pay, Fail, Recurrent, Refund) as it sends them: form-encoded by default
 * (every value text, an absent one empty) or JSON when the site is set so, where a field may be a string, a number,
 * a boolean (TestMode, RequireConfirmation) or null (SubscriptionId, Email, InvoiceId, Data… when there is none).
 * Only the fields we act on are read, each accepted in any of those forms; the rest (Data, Token, Ip…, Card…) is
 * ignored whatever its shape.
 */
const text = z.union([z.string(), z.number()]).transform(String);
const optionalText = z
  .union([z.string(), z.number(), z.boolean(), z.null()])
  .optional()
  .transform((v) => (v === undefined || v === null || v === '' ? null : String(v)));
const money = text.pipe(z.string().regex(/^\d{1,9}(\.\d{1,2})?$/, 'Amount')).transform(Number);
const optionalMoney = z
  .union([z.string(), z.number(), z.null()])
  .optional()
  .transform((v) => (v === undefined || v === null || v === '' ? undefined : v))
  .pipe(money.optional());

export const paymentNotificationSchema = z.object({
  TransactionId: text.pipe(z.string().regex(/^\d{1,20}$/, 'TransactionId')),
  Amount: money,
  Currency: text,
  InvoiceId: optionalText,
  AccountId: optionalText,
  SubscriptionId: optionalText,
  Email: optionalText,
  TestMode: optionalText,
  Reason: optionalText,
});
export type PaymentNotification = z.infer<typeof paymentNotificationSchema>;

/** The statuses of a card subscription we act on; any other (a new one such as Paused) is logged and answered 0. */
export const RECURRENT_STATUSES = ['Active', 'PastDue', 'Cancelled', 'Rejected', 'Expired'] as const;
type RecurrentStatus = (typeof RECURRENT_STATUSES)[number];
export const isKnownRecurrentStatus = (status: string): status is RecurrentStatus =>
  (RECURRENT_STATUSES as readonly string[]).includes(status);
export const recurrentNotificationSchema = z.object({
  Id: text.pipe(z.string().min(1).max(100)),
  AccountId: optionalText,
  Status: text.pipe(z.string().max(64)),
  Amount: optionalMoney,
  Currency: optionalText,
  SuccessfulTransactionsNumber: optionalText,
  FailedTransactionsNumber: optionalText,
  LastTransactionDate: optionalText,
  NextTransactionDate: optionalText,
});
export type RecurrentNotification = z.infer<typeof recurrentNotificationSchema>;

export const refundNotificationSchema = z.object({
  TransactionId: text.pipe(z.string().regex(/^\d{1,20}$/, 'TransactionId')),
  PaymentTransactionId: text.pipe(z.string().regex(/^\d{1,20}$/, 'PaymentTransactionId')),
  Amount: money,
  InvoiceId: optionalText,
  AccountId: optionalText,
});
export type RefundNotification = z.infer<typeof refundNotificationSchema>;

/** The body as the provider sent it: JSON or a form (only after its signature was verified). */
export function readNotificationBody(raw: Buffer, contentType: string | undefined): Record<string, unknown> | null {
  const body = raw.toString('utf8');
  if (contentType?.includes('application/json')) {
    try {
      const parsed: unknown = JSON.parse(body);
      return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
    } catch {
      return null;
    }
  }
  return Object.fromEntries(new URLSearchParams(body));
}

/** The answer codes of CloudPayments' notification protocol. */
export const CP_CODES = {
  ok: 0,
  wrongInvoice: 10,
  wrongAccount: 11,
  wrongAmount: 12,
  refused: 13,
  expired: 20,
} as const;
export type CpCode = (typeof CP_CODES)[keyof typeof CP_CODES];
