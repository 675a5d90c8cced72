import { asc, eq, getTableColumns, sql } from 'drizzle-orm';
import { isShowableProgram, moscowDate, type MortgageProgram } from '@kvarta/contract/mortgage';
import type { Queryable } from '../core/database';
import { notFound } from '../core/errors';
import { perDatabaseCache } from '../lib/per-database-cache';
import { mortgagePrograms } from './schema';

/** What the operator sends for a programme (validated by the contract before it gets here). */
export type ProgramInput = Omit<MortgageProgram, 'id' | 'isExample'>;

// What the API answers of a row: every column but the bookkeeping times.
const { createdAt, updatedAt, ...COLUMNS } = getTableColumns(mortgagePrograms);

/** Every programme, examples included, in the order entered: the operator's view. */
export async function allPrograms(db: Queryable): Promise<MortgageProgram[]> {
  return db.orm.select(COLUMNS).from(mortgagePrograms).orderBy(asc(mortgagePrograms.id));
}

// Programmes change a few times a month: each instance keeps the list a minute; a write here forgets it at once.
const visibleCache = perDatabaseCache<MortgageProgram[], string>(60_000, 4);

/**
 * The programmes buyers see: production shows only what the operator entered (examples never), and the demo shows
 * its examples, marked as such. Expired ones stay out, and so does one without its lender or full cost of credit.
 */
export function visiblePrograms(db: Queryable, options: { production: boolean; today: string }): Promise<MortgageProgram[]> {
  return visibleCache.get(db, `${options.production}:${options.today}`, async () =>
    (await allPrograms(db)).filter(
      (p) =>
        isShowableProgram(p) &&
        !(options.production && p.isExample) &&
        p.validFrom <= options.today &&
        (p.validTo === null || options.today <= p.validTo),
    ),
  );
}

function forgetVisible(db: Queryable): void {
  // Keys carry the day: drop them all (four at most).
  for (const production of [true, false]) for (let d = -1; d <= 1; d++) visibleCache.forget(db, `${production}:${dayKey(d)}`);
}
const dayKey = (offset: number) => moscowDate(new Date(Date.now() + offset * 86_400_000));

export async function createProgram(db: Queryable, p: ProgramInput, isExample = false): Promise<MortgageProgram> {
  const [row] = await db.orm
    .insert(mortgagePrograms)
    .values({ ...p, isExample })
    .returning(COLUMNS);
  forgetVisible(db);
  return row!;
}

/** The operator's edit; an edited example stops being one (the operator now stands behind it). */
export async function updateProgram(db: Queryable, id: number, p: ProgramInput): Promise<MortgageProgram> {
  const [row] = await db.orm
    .update(mortgagePrograms)
    .set({ ...p, isExample: false, updatedAt: sql`now()` })
    .where(eq(mortgagePrograms.id, id))
    .returning(COLUMNS);
  forgetVisible(db);
  if (!row) throw notFound('Программа не найдена', { programId: id });
  return row;
}

export async function deleteProgram(db: Queryable, id: number): Promise<{ id: number; deleted: true }> {
  const [row] = await db.orm.delete(mortgagePrograms).where(eq(mortgagePrograms.id, id)).returning({ id: mortgagePrograms.id });
  forgetVisible(db);
  if (!row) throw notFound('Программа не найдена', { programId: id });
  return { id, deleted: true };
}
