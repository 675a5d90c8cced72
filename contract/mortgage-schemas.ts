import { z } from 'zod';
import { coercedPositiveId } from './safe-input';

/** The zod half of mortgage programmes: what the operator sends (admin API) and what buyers read. */
const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'дата: ожидается ГГГГ-ММ-ДД')
  .refine(
    (s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s),
    'дата: такого дня нет',
  );

const programFields = {
  name: z.string().trim().min(2, 'name: название программы от 2 символов').max(120),
  lender: z.string().trim().min(2, 'lender: укажите банк').max(120),
  rate: z.number().min(0, 'rate: ставка от 0 %').max(60, 'rate: ставка не больше 60 %'),
  // ПСК as the lender states it (353-ФЗ), required: an advertised rate comes with the full cost (38-ФЗ art. 28).
  fullCostMin: z.number({ error: 'fullCostMin: укажите ПСК банка, % годовых' }).min(0).max(100, 'fullCostMin: ПСК не больше 100 %'),
  fullCostMax: z.number({ error: 'fullCostMax: укажите ПСК банка, % годовых (или то же, что fullCostMin)' }).min(0).max(100),
  minDownPaymentPercent: z.number().min(0).max(100),
  maxLoan: z.number().int().min(100_000, 'maxLoan: от 100 000 ₽').max(1_000_000_000),
  maxTermYears: z.number().int().min(1).max(40).default(30),
  realtyType: z.enum(['ALL', 'NEW', 'RESALE']).default('ALL'),
  forFamilies: z.boolean().default(false),
  forIT: z.boolean().default(false),
  validFrom: isoDate,
  validTo: isoDate.nullable().default(null),
};

/** POST /api/admin/mortgage-programs and PUT …/{programId}: a programme the operator enters. */
export const mortgageProgramInputSchema = z
  .object(programFields)
  .strict()
  .refine((p) => p.validTo === null || p.validTo >= p.validFrom, { message: 'validTo: окончание раньше начала', path: ['validTo'] })
  .refine((p) => p.fullCostMax >= p.fullCostMin, { message: 'fullCostMax: верхняя граница ПСК ниже нижней', path: ['fullCostMax'] })
  .refine((p) => p.fullCostMin >= p.rate, { message: 'fullCostMin: ПСК не бывает ниже ставки', path: ['fullCostMin'] });

export const mortgageProgramSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  lender: z.string(),
  rate: z.number(),
  fullCostMin: z.number().nullable(),
  fullCostMax: z.number().nullable(),
  minDownPaymentPercent: z.number(),
  maxLoan: z.number(),
  maxTermYears: z.number().int(),
  realtyType: z.enum(['ALL', 'NEW', 'RESALE']),
  forFamilies: z.boolean(),
  forIT: z.boolean(),
  validFrom: z.string(),
  validTo: z.string().nullable(),
  isExample: z.boolean(),
});
export const mortgageProgramListSchema = z.array(mortgageProgramSchema);
export const mortgageProgramIdParamsSchema = z.object({ programId: coercedPositiveId() });
export const mortgageDeletedSchema = z.object({ id: z.number().int(), deleted: z.literal(true) });
