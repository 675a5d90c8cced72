import { z } from 'zod';
import { callbackFormShape } from './forms';

/**
 * POST /bot-api/callback/sale (spec §7 "Messenger-bot web-app API"): a call-back request for the
 * managers. The spec's body is {userName, phone, cityName, refererUrl, extraField}; `agreed` is ours:
 * the spec's callback form has an `agreed` consent checkbox (§3 Callback form) and the server refuses
 * a request without that consent to the processing of personal data.
 */

export { CALLBACK_MESSAGES, normalizeRussianPhone } from './forms';

export const callbackRequestSchema = z.object({
  ...callbackFormShape,
  cityName: z.string({ message: 'cityName: ожидается строка' }).trim().max(100, 'cityName: не больше 100 символов').default(''),
  refererUrl: z.string({ message: 'refererUrl: ожидается строка' }).trim().max(2000, 'refererUrl: не больше 2000 символов').default(''),
  /** What the request is about, e.g. the apartment on whose page it was sent. */
  extraField: z.string({ message: 'extraField: ожидается строка' }).trim().max(1000, 'extraField: не больше 1000 символов').default(''),
});

export type CallbackRequestBody = z.input<typeof callbackRequestSchema>;
export type CallbackRequest = z.output<typeof callbackRequestSchema>;

/** Spec §7: `message` is the response field the client reads. */
export const callbackResponseSchema = z.object({ message: z.string(), id: z.number().int() });
export type CallbackResponse = z.infer<typeof callbackResponseSchema>;
