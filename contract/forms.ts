import { z } from 'zod/mini';

/**
 * The forms a buyer fills, validated once: the server's routes parse with these schemas, and the client's forms check
 * with the same ones before sending (said under the field). zod/mini, so the client loads them with the form's lazy
 * chunk at a few kilobytes; nothing on the first screen imports this file.
 */

export const CALLBACK_MESSAGES = {
  phone: 'Введите российский номер телефона: +7 XXX XXX-XX-XX или 8 XXX XXX-XX-XX',
  phoneRequired: 'Укажите телефон',
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

/** A control character (below a space, or DEL): never part of a name. */
const hasControlChar = (value: string) => [...value].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);

/** The call-back form's own fields (spec §3 Callback form): name, phone (stored as +7XXXXXXXXXX) and the consent. */
export const callbackFormShape = {
  userName: z.string({ error: CALLBACK_MESSAGES.nameRequired }).check(
    z.trim(),
    z.minLength(1, CALLBACK_MESSAGES.nameRequired),
    z.maxLength(100, CALLBACK_MESSAGES.nameTooLong),
    z.refine((v) => !hasControlChar(v), CALLBACK_MESSAGES.nameInvalid),
  ),
  phone: z.pipe(
    z
      .string({ error: CALLBACK_MESSAGES.phone })
      .check(z.trim(), z.minLength(1, CALLBACK_MESSAGES.phoneRequired), z.maxLength(40, CALLBACK_MESSAGES.phone)),
    z.transform((value: string, ctx) => {
      const phone = normalizeRussianPhone(value);
      if (phone) return phone;
      ctx.issues.push({ code: 'custom', message: CALLBACK_MESSAGES.phone, input: value });
      return z.NEVER;
    }),
  ),
  agreed: z.literal(true, { error: CALLBACK_MESSAGES.consent }),
};
export const callbackFormSchema = z.object(callbackFormShape);
export type CallbackField = keyof typeof callbackFormShape;

/** A promocode as typed: trimmed, 1–64 characters. */
export const PROMOCODE_MESSAGES = { required: 'Введите промокод', tooLong: 'Промокод не длиннее 64 символов' } as const;
export const promocodeSchema = z
  .string({ error: PROMOCODE_MESSAGES.required })
  .check(z.trim(), z.minLength(1, PROMOCODE_MESSAGES.required), z.maxLength(64, PROMOCODE_MESSAGES.tooLong));

/** The first message per field of a form's failed parse: what the form says under each field. */
export function fieldErrors<F extends string>(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): Partial<Record<F, string>> {
  const errors: Partial<Record<F, string>> = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? '') as F;
    errors[field] ??= issue.message;
  }
  return errors;
}
