import { z } from 'zod';
import { SUPPORTED_KLADR } from './cities';
import { CONSENT_PURPOSES } from './consents';

/** GET/PUT /cabinet/profile (spec §3 "Cabinet profile"). */
export const cabinetProfileSchema = z.object({
  name: z.string(),
  cityId: z.number().int().nullable(),
  connectedToTelegram: z.boolean(),
});
export type CabinetProfile = z.infer<typeof cabinetProfileSchema>;
/** GET answers null for a revoked token (spec §8): the client reads it as 'Token was revoked'. */
export const cabinetProfileOrNullSchema = cabinetProfileSchema.nullable();

export const profileUpdateSchema = z
  .object({
    name: z.string().trim().min(1, 'name: пустое имя').max(100, 'name: не длиннее 100 символов').optional(),
    cityId: z
      .number()
      .int()
      .refine((id) => (SUPPORTED_KLADR as readonly number[]).includes(id), 'cityId: город не поддерживается')
      .optional(),
  })
  .strict();

/**
 * GET /cabinet/profile/data («Скачать мои данные», 152-FZ): every row of every table that names the person, as stored,
 * table by table (`users` first). Found in the database by its columns, so no table is left out.
 */
export const personalDataSchema = z.object({
  exportedAt: z.string(),
  tables: z.record(z.string(), z.array(z.record(z.string(), z.unknown()))),
});
export type PersonalData = z.infer<typeof personalDataSchema>;

/** POST /cabinet/profile/delete body: the person confirmed «Удалить аккаунт и данные». */
export const accountDeleteRequestSchema = z
  .object({
    confirm: z.literal(true, { message: 'confirm: подтвердите удаление аккаунта' }),
  })
  .strict();
/** What went: rows deleted by table; rows kept by law (payments) with their personal fields cleared. */
export const accountDeleteResponseSchema = z.object({
  deleted: z.record(z.string(), z.number().int()),
  kept: z.record(z.string(), z.number().int()),
});
export type AccountDeleteResponse = z.infer<typeof accountDeleteResponseSchema>;

const consentPurposeSchema = z.enum(CONSENT_PURPOSES);
const consentDecisionSchema = z.object({ given: z.boolean(), version: z.number().int(), decidedAt: z.string() });
/** GET /cabinet/consents: each purpose with the version in force and the person's last decision on it. */
export const consentListSchema = z.array(
  z.object({ purpose: consentPurposeSchema, currentVersion: z.number().int(), decision: consentDecisionSchema.nullable() }),
);
export const consentPurposeParamsSchema = z.object({ purpose: z.enum(CONSENT_PURPOSES, { message: 'purpose: нет такого согласия' }) });
/** PUT /cabinet/consents/{purpose}: give (of the version the person read) or refuse/withdraw. */
export const consentDecideSchema = z
  .object({
    given: z.boolean({ message: 'given: ожидается true или false' }),
    version: z.number({ message: 'version: ожидается номер версии текста' }).int().positive(),
  })
  .strict();
export { consentDecisionSchema };

/**
 * GET/PUT /cabinet/personalisation: «Персональные рекомендации» (149-FZ art. 10.2-2). Off, TOP and the AI index read
 * as for an anonymous buyer with the same settings and AI search pauses; the ratings are kept.
 */
export const personalisationSchema = z
  .object({ personalised: z.boolean({ message: 'personalised: ожидается true или false' }) })
  .strict();
export type Personalisation = z.infer<typeof personalisationSchema>;
