import { z } from 'zod';
import { LIRA_SERVICE_TYPE, SUBSCRIPTION_STATUSES } from './lira-rules';

/** Subscription of the AI search (issue 6). Spec §7 shows the paths; the payment part is ours. */
const serviceType = z.literal(LIRA_SERVICE_TYPE, { message: 'serviceType: ожидается LIRA_4' });
const promocode = z.string().trim().min(1).max(64);
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

/**
 * GET /cabinet/profile/subscription (404 when there is none — spec §7 "failure means no subscription").
 * A subscription whose expiredAt has passed is answered as EXPIRED (server clock).
 */
export const subscriptionSchema = z.object({
  status: z.enum(SUBSCRIPTION_STATUSES),
  /** 'DD.MM.YYYY HH:MM:SS', Moscow time (parse with parseExpiredAt from lira-rules). */
  expiredAt: z.string(),
  serviceType: serviceType,
  /** Autorenewal is on while ACTIVE and a paid period exists; the next payment is then expiredAt. */
  autoRenewal: z.boolean(),
  nextPaymentAt: z.string().nullable(),
  trialUsed: z.boolean(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

/** POST /cabinet/profile/subscription body (spec §7). */
export const subscriptionRequestSchema = z.object({
  promocode: promocode.nullable().optional(),
  days: z.number().int().min(1).max(366),
  serviceType,
  /** Where the sandbox payment page returns to (a same-origin path). */
  returnPath: z.string().max(300).refine(isSameOriginPath, 'returnPath: ожидается путь сайта').optional(),
});
export type SubscriptionRequest = z.input<typeof subscriptionRequestSchema>;

export const PAYMENT_STATUSES = ['PENDING', 'SUCCEEDED', 'FAILED'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export const PAYMENT_PROVIDERS = ['sandbox', 'card', 'stars'] as const;

/** A started payment: open `url` (our sandbox page, later the card widget / Telegram Stars invoice). */
export const paymentSchema = z.object({
  paymentId: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  provider: z.enum(PAYMENT_PROVIDERS),
  amount: z.number(),
  currency: z.literal('RUB'),
  days: z.number().int(),
  url: z.string(),
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
  message: z.string(),
});
export type PromocodeCheckResponse = z.infer<typeof promocodeCheckResponseSchema>;

/** GET /cabinet/profile/subscription/periods */
export const subscriptionPeriodsSchema = z.array(z.object({ days: z.number().int(), price: z.number(), title: z.string() }));

/** POST /cabinet/payments body: pay for a period (optionally with a percent promocode). */
export const paymentStartRequestSchema = subscriptionRequestSchema;
/** GET /cabinet/payments/{paymentId} */
export const paymentIdParamsSchema = z.object({ paymentId: z.string().regex(/^[a-z0-9-]{8,64}$/i, 'paymentId: неверный идентификатор') });
