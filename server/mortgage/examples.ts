import type { Queryable } from '../core/database';
import { createProgram, type ProgramInput } from './repository';
import { mortgagePrograms } from './schema';

/**
 * Example programmes for the demo catalogue, so the calculator and the cards have something to show. They are
 * marked `is_example` (the interface says «пример»), their lender is a made-up «Демо-банк», and production never
 * shows them: there only programmes the operator entered count. Rates and full costs (ПСК) are round illustrative
 * figures, not offers (the migration that added the full cost gives existing examples the same: rate + 0.4 … + 3.8).
 */
export const EXAMPLE_PROGRAMS: readonly ProgramInput[] = [
  {
    name: 'Пример: базовая ипотека',
    lender: 'Демо-банк (пример)',
    rate: 20,
    fullCostMin: 20.4,
    fullCostMax: 23.8,
    minDownPaymentPercent: 20,
    maxLoan: 50_000_000,
    maxTermYears: 30,
    realtyType: 'ALL',
    forFamilies: false,
    forIT: false,
    validFrom: '2024-01-01',
    validTo: null,
  },
  {
    name: 'Пример: семейная ипотека',
    lender: 'Демо-банк (пример)',
    rate: 6,
    fullCostMin: 6.4,
    fullCostMax: 9.8,
    minDownPaymentPercent: 20,
    maxLoan: 12_000_000,
    maxTermYears: 30,
    realtyType: 'NEW',
    forFamilies: true,
    forIT: false,
    validFrom: '2024-01-01',
    validTo: null,
  },
  {
    name: 'Пример: IT-ипотека',
    lender: 'Демо-банк (пример)',
    rate: 6,
    fullCostMin: 6.4,
    fullCostMax: 9.8,
    minDownPaymentPercent: 20,
    maxLoan: 9_000_000,
    maxTermYears: 30,
    realtyType: 'NEW',
    forFamilies: false,
    forIT: true,
    validFrom: '2024-01-01',
    validTo: null,
  },
];

/** Seeded only into an empty table (a new demo database); once the operator has rows, nothing is added. */
export async function seedExamplePrograms(db: Queryable): Promise<void> {
  if ((await db.orm.$count(mortgagePrograms)) > 0) return;
  for (const p of EXAMPLE_PROGRAMS) await createProgram(db, p, true);
}
