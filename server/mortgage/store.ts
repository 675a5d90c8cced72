import type { MortgageProgram } from '@kvarta/contract/mortgage';
import type { Queryable } from '../core/database';
import { notFound } from '../core/errors';
import { perDatabaseCache } from '../lib/per-database-cache';

/** What the operator sends for a programme (validated by the contract before it gets here). */
export interface ProgramInput {
  name: string;
  lender: string;
  rate: number;
  minDownPaymentPercent: number;
  maxLoan: number;
  maxTermYears: number;
  realtyType: 'ALL' | 'NEW' | 'RESALE';
  forFamilies: boolean;
  forIT: boolean;
  validFrom: string;
  validTo: string | null;
}

interface Row {
  id: number;
  name: string;
  lender: string;
  rate: number;
  min_down_payment_percent: number;
  max_loan: number;
  max_term_years: number;
  realty_type: string;
  for_families: boolean;
  for_it: boolean;
  valid_from: string;
  valid_to: string | null;
  is_example: boolean;
}

const COLUMNS = `id, name, lender, rate, min_down_payment_percent, max_loan, max_term_years, realty_type, for_families, for_it,
  valid_from, valid_to, is_example`;

const toProgram = (r: Row): MortgageProgram => ({
  id: r.id,
  name: r.name,
  lender: r.lender,
  rate: Number(r.rate),
  minDownPaymentPercent: Number(r.min_down_payment_percent),
  maxLoan: Number(r.max_loan),
  maxTermYears: r.max_term_years,
  realtyType: r.realty_type === 'NEW' || r.realty_type === 'RESALE' ? r.realty_type : 'ALL',
  forFamilies: r.for_families,
  forIT: r.for_it,
  validFrom: r.valid_from,
  validTo: r.valid_to,
  isExample: r.is_example,
});

/** Every programme, examples included, in the order entered: the operator's view. */
export async function allPrograms(db: Queryable): Promise<MortgageProgram[]> {
  const { rows } = await db.query<Row>(`SELECT ${COLUMNS} FROM mortgage_programs ORDER BY id`);
  return rows.map(toProgram);
}

// Programmes change a few times a month: each instance keeps the list a minute; a write here forgets it at once.
const visibleCache = perDatabaseCache<MortgageProgram[], string>(60_000, 4);

/**
 * The programmes buyers see: production shows only what the operator entered (examples never), and the demo shows
 * its examples, marked as such. Expired ones stay out.
 */
export function visiblePrograms(db: Queryable, options: { production: boolean; today: string }): Promise<MortgageProgram[]> {
  return visibleCache.get(db, `${options.production}:${options.today}`, async () =>
    (await allPrograms(db)).filter(
      (p) => !(options.production && p.isExample) && p.validFrom <= options.today && (p.validTo === null || options.today <= p.validTo),
    ),
  );
}

function forgetVisible(db: Queryable): void {
  // Keys carry the day: drop them all (four at most).
  for (const production of [true, false]) for (let d = -1; d <= 1; d++) visibleCache.forget(db, `${production}:${dayKey(d)}`);
}
const dayKey = (offset: number) => new Date(Date.now() + 3 * 3_600_000 + offset * 86_400_000).toISOString().slice(0, 10);

const VALUES = (p: ProgramInput) => [
  p.name,
  p.lender,
  p.rate,
  p.minDownPaymentPercent,
  p.maxLoan,
  p.maxTermYears,
  p.realtyType,
  p.forFamilies,
  p.forIT,
  p.validFrom,
  p.validTo,
];

export async function createProgram(db: Queryable, p: ProgramInput, isExample = false): Promise<MortgageProgram> {
  const { rows } = await db.query<Row>(
    `INSERT INTO mortgage_programs (name, lender, rate, min_down_payment_percent, max_loan, max_term_years, realty_type, for_families,
       for_it, valid_from, valid_to, is_example) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING ${COLUMNS}`,
    [...VALUES(p), isExample],
  );
  forgetVisible(db);
  return toProgram(rows[0]!);
}

/** The operator's edit; an edited example stops being one (the operator now stands behind it). */
export async function updateProgram(db: Queryable, id: number, p: ProgramInput): Promise<MortgageProgram> {
  const { rows } = await db.query<Row>(
    `UPDATE mortgage_programs SET name = $1, lender = $2, rate = $3, min_down_payment_percent = $4, max_loan = $5, max_term_years = $6,
       realty_type = $7, for_families = $8, for_it = $9, valid_from = $10, valid_to = $11, is_example = false, updated_at = now()
     WHERE id = $12 RETURNING ${COLUMNS}`,
    [...VALUES(p), id],
  );
  forgetVisible(db);
  if (!rows[0]) throw notFound('Программа не найдена', { programId: id });
  return toProgram(rows[0]);
}

export async function deleteProgram(db: Queryable, id: number): Promise<{ id: number; deleted: true }> {
  const { rows } = await db.query<{ id: number }>('DELETE FROM mortgage_programs WHERE id = $1 RETURNING id', [id]);
  forgetVisible(db);
  if (!rows[0]) throw notFound('Программа не найдена', { programId: id });
  return { id, deleted: true };
}
