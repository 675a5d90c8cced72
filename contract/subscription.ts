import { z } from 'zod';
import { promocodeSchema } from './forms';
import { LIRA_SERVICE_TYPE, SUBSCRIPTION_STATUSES } from './lira-rules';

/** Subscription of the AI search. Spec §7 shows the paths; the payment part is ours. */
const serviceType = z.literal(LIRA_SERVICE_TYPE, { message: 'serviceType: ожидается LIRA_4' });
const promocode = promocodeSchema;
/**
 * A path of this site: one leading slash (not `//` or `/\`, which browsers read as another host) and
 * only URL-safe characters, so it can never leave the origin or break out of HTML/JS it is embedded in.
 */
export const SAME_ORIGIN_PATH = /^\/(?![/\\])[\w\-./?=&%~+,]*$/;

/**
 * The character rule alone let `/.//evil.example` through: a browser resolves it to the path
 * `//evil.example`, which the page then followed to another host. So the path is also resolved as the
 * browser will, and must keep the origin and still start with one `/` (or be just `/`); an encoded
 * slash or backslash in the path (`/%2F%2Fevil`) is refused too, for servers that decode it.
 */
export function isSameOriginPath(path: string): boolean {
  if (!SAME_ORIGIN_PATH.test(path)) return false;
  let url: URL;
  try {
    url = new URL(path, 'http://x');
  } catch {
    return false;
  }
  if (url.origin !== 'http://x') return false;
  if (url.pathname !== '/' && !/^\/[^/\\]/.test(url.pathname)) return false;
  return !/%(2f|5c)/i.test(url.pathname);
}

/** `?serviceType=LIRA_4` of GET and DELETE. */
export const subscriptionQuerySchema = z.object({ serviceType: serviceType.default(LIRA_SERVICE_TYPE) });

export const PAYMENT_METHODS = ['card', 'stars'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_CURRENCIES = ['RUB', 'XTR'] as const;
export type PaymentCurrency = (typeof PAYMENT_CURRENCIES)[number];

/** One line of the payment history shown in SUBSCRIPTION_INFO (newest first). */
export const paymentHistoryItemSchema = z.object({
  /** 'DD.MM.YYYY', Moscow time. */
  date: z.string(),
  amount: z.number(),
  currency: z.enum(PAYMENT_CURRENCIES),
  method: z.enum(['sandbox', ...PAYMENT_METHODS]),
  status: z.enum(['PENDING', 'SUCCEEDED', 'FAILED', 'REFUNDED']),
  /** A renewal the provider charged by itself, not a payment the user made. */
  renewal: z.boolean(),
});
export type PaymentHistoryItem = z.infer<typeof paymentHistoryItemSchema>;

/**
 * GET /cabinet/profile/subscription (404 when there is none — spec §7 "failure means no subscription").
 * A subscription whose expiredAt has passed is answered as EXPIRED (server clock).
 */
export const subscriptionSchema = z.object({
  status: z.enum(SUBSCRIPTION_STATUSES),
  /** 'DD.MM.YYYY HH:MM:SS', Moscow time (parse with parseExpiredAt from lira-rules). */
  expiredAt: z.string(),
  serviceType: serviceType,
  /**
   * On only while ACTIVE with a payment method that renews (a card's recurrent subscription or a Star
   * subscription); free days (the trial, a days promocode) never renew by themselves.
   */
  autoRenewal: z.boolean(),
  /** When the next charge happens ('DD.MM.YYYY HH:MM:SS'); null when nothing will be charged. */
  nextPaymentAt: z.string().nullable(),
  /** What the next charge takes; null when nothing will be charged. */
  nextPayment: z.object({ amount: z.number(), currency: z.enum(PAYMENT_CURRENCIES) }).nullable(),
  /** How the next charge is paid. */
  paymentMethod: z.enum(PAYMENT_METHODS).nullable(),
  trialUsed: z.boolean(),
  /** The current period is free days only (the trial or a days promocode), nothing paid for it. */
  trial: z.boolean(),
  /** The last payments, newest first. */
  payments: z.array(paymentHistoryItemSchema),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

/** POST /cabinet/profile/subscription body (spec §7). */
export const subscriptionRequestSchema = z.object({
  promocode: z.nullable(promocode).optional(),
  days: z.number().int().min(1).max(366),
  serviceType,
  /** Where a payment page sends the user back (the Telegram stand-in's invoice page; a same-origin path). */
  returnPath: z.string().max(300).refine(isSameOriginPath, 'returnPath: ожидается путь сайта').optional(),
  /** card: CloudPayments (the website only: a session from Telegram is refused, 403); stars: Telegram Stars (the Mini App). */
  method: z.enum(PAYMENT_METHODS).default('card'),
  /** Where the 54-FZ receipt goes (card payments): the buyer's e-mail. */
  receiptEmail: z.string().trim().max(254).email('receiptEmail: введите e-mail для чека').optional(),
});
export type SubscriptionRequest = z.input<typeof subscriptionRequestSchema>;

export const PAYMENT_STATUSES = ['PENDING', 'SUCCEEDED', 'FAILED', 'REFUNDED'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
/** `sandbox` only names payments made before the providers (history). */
export const PAYMENT_PROVIDERS = ['sandbox', ...PAYMENT_METHODS] as const;

/** A 54-FZ receipt as CloudPayments takes it (`CustomerReceipt`): one line, the service. */
export const receiptSchema = z.object({
  Items: z.array(
    z.object({
      label: z.string(),
      price: z.number(),
      quantity: z.number(),
      amount: z.number(),
      /** null: without VAT; otherwise the rate in percent (0, 5, 7, 10, 20, 22). */
      vat: z.number().nullable(),
      /** 4: full payment (полный расчёт). */
      method: z.number().int(),
      /** 4: a service (услуга). */
      object: z.number().int(),
      /** FFD 1.2 tag 2108, the unit's code: 0 = штуки или единицы. */
      measurementUnit: z.number().int(),
    }),
  ),
  /** 0 ОСН, 1 УСН доходы, 2 УСН доходы − расходы, 4 ЕСХН, 5 ПСН. */
  taxationSystem: z.number().int(),
  email: z.string().optional(),
  phone: z.string().optional(),
  amounts: z.object({ electronic: z.number(), advancePayment: z.number(), credit: z.number(), provision: z.number() }),
});

/** The options of CloudPayments' widget `pay('charge', options)`, built by the server from its price list. */
export const cloudPaymentsOptionsSchema = z.object({
  publicId: z.string(),
  description: z.string(),
  amount: z.number(),
  currency: z.literal('RUB'),
  /** Our payment id: the notifications carry it back as InvoiceId. */
  invoiceId: z.string(),
  /** Our user id: the notifications carry it back as AccountId. */
  accountId: z.string(),
  email: z.string().optional(),
  skin: z.literal('mini'),
  data: z.object({
    CloudPayments: z.object({
      CustomerReceipt: receiptSchema,
      /** The card renews every `period` `interval`s (ours: days, so a period is exactly the plan's days). */
      recurrent: z.object({
        interval: z.enum(['Day', 'Week', 'Month']),
        period: z.number().int(),
        /** Each renewal's amount: the full price, whatever the first payment's discount. */
        amount: z.number(),
        customerReceipt: receiptSchema,
      }),
    }),
  }),
});
export type CloudPaymentsOptions = z.infer<typeof cloudPaymentsOptionsSchema>;

/** What the client opens to pay: CloudPayments' widget (script loaded on demand) or a Telegram Stars invoice. */
export const checkoutSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('cloudpayments'), scriptUrl: z.string(), options: cloudPaymentsOptionsSchema }),
  z.object({ kind: z.literal('stars'), invoiceLink: z.string() }),
]);
export type Checkout = z.infer<typeof checkoutSchema>;

/** A started payment: open its `checkout` (null once settled, and for the status poll). */
export const paymentSchema = z.object({
  paymentId: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  provider: z.enum(PAYMENT_PROVIDERS),
  amount: z.number(),
  currency: z.enum(PAYMENT_CURRENCIES),
  days: z.number().int(),
  checkout: checkoutSchema.nullable(),
});
export type Payment = z.infer<typeof paymentSchema>;

/**
 * Answer of POST /cabinet/profile/subscription: a promocode that grants days (the trial TRIAL3 or a
 * days promocode) activates at once → `subscription`; a paid period (no promocode or a percent one)
 * starts a payment → `payment` — the subscription activates only after the provider confirms it.
 */
export const subscriptionPostResponseSchema = z.object({
  subscription: subscriptionSchema.nullable(),
  payment: paymentSchema.nullable(),
});
export type SubscriptionPostResponse = z.infer<typeof subscriptionPostResponseSchema>;

/** POST /cabinet/profile/subscription/promocode-check */
export const promocodeCheckRequestSchema = z.object({
  promocode,
  serviceType: serviceType.default(LIRA_SERVICE_TYPE),
  days: z.number().int().min(1).max(366).optional(),
});
export type PromocodeCheckRequest = z.input<typeof promocodeCheckRequestSchema>;
export const promocodeCheckResponseSchema = z.object({
  valid: z.boolean(),
  kind: z.enum(['TRIAL', 'DAYS', 'PERCENT']).nullable(),
  days: z.number().int().nullable(),
  percent: z.number().int().nullable(),
  /** Price of `days` after the discount, when days were sent and the code is a percent one. */
  price: z.number().nullable(),
  /** The same in Telegram Stars. */
  stars: z.number().int().nullable(),
  message: z.string(),
});
export type PromocodeCheckResponse = z.infer<typeof promocodeCheckResponseSchema>;

/** GET /cabinet/profile/subscription/periods: the server's one price list (roubles for cards, Stars in Telegram). */
export const subscriptionPeriodSchema = z.object({
  days: z.number().int(),
  title: z.string(),
  /** Roubles, by card. */
  price: z.number(),
  /** Telegram Stars, in the Mini App. */
  stars: z.number().int(),
  /** Stars renew only as 30-day subscriptions (Telegram's only period); other periods are paid once. */
  starsRenew: z.boolean(),
});
export type SubscriptionPeriod = z.infer<typeof subscriptionPeriodSchema>;
export const subscriptionPeriodsSchema = z.array(subscriptionPeriodSchema);

/** POST /cabinet/payments body: pay for a period (optionally with a percent promocode). */
export const paymentStartRequestSchema = subscriptionRequestSchema;
/** GET /cabinet/payments/{paymentId} */
export const paymentIdParamsSchema = z.object({ paymentId: z.string().regex(/^[a-z0-9-]{8,64}$/i, 'paymentId: неверный идентификатор') });
