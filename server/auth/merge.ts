import { getTableName, type Table } from 'drizzle-orm';
import type { Queryable } from '../core/database';
import { telegramBindings } from './schema';

/**
 * Moves an anonymous user's rows of one table into the account they sign in to, settling conflicts with the
 * account's own rows the way that table needs. Declared next to the table's repository.
 */
export type MergeStep = (tx: Queryable, fromUserId: number, intoUserId: number) => Promise<void>;

export type MergePlanEntry =
  | MergeStep
  /** The anonymous user's rows stay where they are (and go with the anonymous user in the cleanup): why. */
  | { notMerged: string };

/** What a module declares for one of its tables that names a user. */
export type MergeEntry = { table: Table } & ({ step: MergeStep } | { notMerged: string });

const plan: Record<string, MergePlanEntry> = {
  [getTableName(telegramBindings)]: { notMerged: 'a sign-in attempt of the anonymous session: single use, cleared by the cleanup' },
};

/**
 * What signing in does with each table that has a foreign key to `users` (tests/server/cleanup.test.ts holds every
 * such table to an entry here). Every module adds its tables (server/merge-plan.ts gathers them before the first
 * sign-in), so auth/ knows no other module; steps run in the order they were added, in the sign-in's transaction.
 */
export const MERGE_PLAN: Readonly<Record<string, MergePlanEntry>> = plan;

export function addToMergePlan(entries: readonly MergeEntry[]): void {
  for (const entry of entries) plan[getTableName(entry.table)] = 'step' in entry ? entry.step : { notMerged: entry.notMerged };
}
