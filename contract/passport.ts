import { z } from 'zod';

/** POST /passport/data/token and the sign-in calls answer with this. */
export const tokenResponseSchema = z.object({
  token: z.string(),
  /** Unix time in seconds when the token stops being valid (the JWT `exp`). */
  expires: z.number().int(),
  isAnonymous: z.boolean(),
});
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

/** The JWT payload: our user id, expiry (seconds) and whether the user is anonymous. */
export const tokenPayloadSchema = z.object({
  id: z.number().int(),
  exp: z.number().int(),
  isAnonymous: z.boolean(),
});
export type TokenPayload = z.infer<typeof tokenPayloadSchema>;

/** Telegram Login Widget callback fields (spec §7 "Messenger login"). */
export const loginWidgetSchema = z
  .object({
    id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
    first_name: z.string().max(256).optional(),
    last_name: z.string().max(256).optional(),
    username: z.string().max(64).optional(),
    photo_url: z.string().max(2048).optional(),
    auth_date: z.coerce.number().int().positive(),
    hash: z.string().regex(/^[0-9a-f]{64}$/, 'hash: ожидается подпись Telegram'),
  })
  .strict();
export type LoginWidgetPayload = z.infer<typeof loginWidgetSchema>;

/** Our addition to the spec's passport: the Mini App signs in with its raw initData. */
export const initDataLoginSchema = z.object({ initData: z.string().min(10).max(4096) });

export const bindingRequestSchema = z.object({ type: z.enum(['login', 'binding']) });
export const bindingInfoSchema = z.object({
  eventEmitterId: z.string(),
  telegramBindingToken: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
  /** Where to send the user: the bot with `start=<token>` (or the offline stand-in). */
  deepLink: z.string(),
  webFallbackLink: z.string(),
});
export type BindingInfo = z.infer<typeof bindingInfoSchema>;

/** One message of the binding stream: `{status: 'ok', token?}` or `{message}`. */
export type BindingStreamMessage = { status: 'ok'; token?: string } | { message: string };
