import { z } from 'zod';

/**
 * POST /bot-api/callback/sale (spec §7 "Messenger-bot web-app API"): a call-back request for the
 * managers. The spec's body is {userName, phone, cityName, refererUrl, extraField}; `agreed` is ours:
 * the spec's callback form has an `agreed` consent checkbox (§3 Callback form) and the server refuses
 * a request without that consent to the processing of personal data.
 */

export const CALLBACK_MESSAGES = {
  phone: 'Введите российский номер телефона: +7 XXX XXX-XX-XX или 8 XXX XXX-XX-XX',
  nameRequired: 'Укажите имя',
  nameTooLong: 'Имя слишком длинное: не больше 100 символов',
  nameInvalid: 'Имя содержит недопустимые символы',
  consent: 'Нужно согласие на обработку персональных данных',
  accepted: 'Заявка принята. Менеджер перезвонит вам в ближайшее время.',
  tooMany: 'Слишком много заявок. Попробуйте ещё раз через {minutes} мин.',
} as const;

/** Spaces, brackets, dashes and dots people type inside phone numbers. */
const PHONE_DECORATION = /[\s()\-.\u2010-\u2015]/g;

/**
 * A Russian phone number in the canonical form +7XXXXXXXXXX, or null.
 * Accepted: +7…, 7… and 8… followed by ten digits, with spaces, brackets and dashes anywhere.
 */
export function normalizeRussianPhone(input: string): string | null {
  const compact = input.trim().replace(PHONE_DECORATION, '');
  const match = /^(?:\+7|7|8)(\d{10})$/.exec(compact);
  return match ? `+7${match[1]}` : null;
}

// eslint-disable-next-line no-control-regex
const CONTROL_CHARS = /[\u0000-\u001f\u007f]/;

export const callbackRequestSchema = z.object({
  userName: z
    .string({ message: CALLBACK_MESSAGES.nameRequired })
    .trim()
    .min(1, CALLBACK_MESSAGES.nameRequired)
    .max(100, CALLBACK_MESSAGES.nameTooLong)
    .refine((v) => !CONTROL_CHARS.test(v), CALLBACK_MESSAGES.nameInvalid),
  phone: z
    .string({ message: CALLBACK_MESSAGES.phone })
    .max(40, CALLBACK_MESSAGES.phone)
    .transform((value, ctx) => {
      const phone = normalizeRussianPhone(value);
      if (!phone) {
        ctx.addIssue({ code: 'custom', message: CALLBACK_MESSAGES.phone });
        return z.NEVER;
      }
      return phone;
    }),
  cityName: z.string({ message: 'cityName: ожидается строка' }).trim().max(100, 'cityName: не больше 100 символов').default(''),
  refererUrl: z.string({ message: 'refererUrl: ожидается строка' }).trim().max(2000, 'refererUrl: не больше 2000 символов').default(''),
  /** What the request is about, e.g. the apartment on whose page it was sent. */
  extraField: z.string({ message: 'extraField: ожидается строка' }).trim().max(1000, 'extraField: не больше 1000 символов').default(''),
  agreed: z.literal(true, { message: CALLBACK_MESSAGES.consent }),
});

export type CallbackRequestBody = z.input<typeof callbackRequestSchema>;
export type CallbackRequest = z.output<typeof callbackRequestSchema>;

/** Spec §7: `message` is the response field the client reads. */
export const callbackResponseSchema = z.object({ message: z.string(), id: z.number().int() });
export type CallbackResponse = z.infer<typeof callbackResponseSchema>;
