import type { Queryable } from './database';

/** The transactions open now, each with its database handle and what is to run once it commits. */
const open = new WeakMap<object, { root: Queryable; effects: Array<(root: Queryable) => void> }>();

/**
 * Runs `effect` once a write made through `db` is visible to others: at once, or, when `db` is a transaction, after it
 * commits (never, if it rolls back). The effect gets the database handle the caches are kept per: a repository drops
 * what it cached of the rows it wrote here, so no caller has to remember to.
 */
export function afterCommit(db: Queryable, effect: (root: Queryable) => void): void {
  const transaction = open.get(db);
  if (transaction) transaction.effects.push(effect);
  else effect(db);
}

/**
 * For the drivers (server/db/connection.ts): runs a transaction whose handle, passed through `enter`, collects the
 * effects of `afterCommit`, and runs them on `root` when it has committed.
 */
export async function transactionWithEffects<T>(root: Queryable, run: (enter: (tx: Queryable) => Queryable) => Promise<T>): Promise<T> {
  const effects: Array<(root: Queryable) => void> = [];
  const result = await run((tx) => {
    open.set(tx, { root, effects });
    return tx;
  });
  for (const effect of effects) effect(root);
  return result;
}
