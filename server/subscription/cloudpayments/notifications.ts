import { z } from 'zod';

/**
 * CloudPayments' notifications (Check, Pay, Fail, Recurrent, Refund) as it sends them: form-encoded by default
 * or JSON when the site is set so; numbers as text. Only the fields we act on are read; the rest is ignored.
 */
const text = z.union([z.string(), z.number()]).transform(String);
const optionalText = text.optional().transform((v) => (v === undefined || v === '' ? null : v));
const money = text.pipe(z.string().regex(/^\d{1,9}(\.\d{1,2})?$/, 'Amount')).transform(Number);

export const paymentNotificationSchema = z.object({
  TransactionId: text.pipe(z.string().regex(/^\d{1,20}$/, 'TransactionId')),
  Amount: money,
  Currency: z.string(),
  InvoiceId: optionalText,
  AccountId: optionalText,
  SubscriptionId: optionalText,
  Email: optionalText,
  TestMode: optionalText,
  Reason: optionalText,
});
export type PaymentNotification = z.infer<typeof paymentNotificationSchema>;

export const RECURRENT_STATUSES = ['Active', 'PastDue', 'Cancelled', 'Rejected', 'Expired'] as const;
export const recurrentNotificationSchema = z.object({
  Id: text.pipe(z.string().min(1).max(100)),
  AccountId: optionalText,
  Status: z.enum(RECURRENT_STATUSES),
  Amount: money.optional(),
  Currency: z.string().optional(),
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
