import { z } from 'zod';
import { SUPPORTED_KLADR } from './cities';

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
