import { z } from 'zod';

/**
 * Who runs the service, as the operator configures it (LEGAL_NAME, LEGAL_INN, LEGAL_OGRN, LEGAL_ADDRESS, SUPPORT_PHONE,
 * SUPPORT_EMAIL): shown in the footer, beside «Оплатить», in the bot's /help. Any field may be unset outside production
 * with card payments; marketing figures are shown only when configured (MARKETING_FIGURES).
 */
export const operatorInfoSchema = z.object({
  legalName: z.string().nullable(),
  inn: z.string().nullable(),
  ogrn: z.string().nullable(),
  address: z.string().nullable(),
  supportPhone: z.string().nullable(),
  supportEmail: z.string().nullable(),
  figures: z.array(z.object({ value: z.string(), label: z.string() })),
});
export type OperatorInfo = z.infer<typeof operatorInfoSchema>;
