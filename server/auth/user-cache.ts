import type { Queryable } from '../core/database';
import { announce } from '../infra/event-bus';
import { perDatabaseCache } from '../lib/per-database-cache';
import { findBySessionKey, findUser, type UserRow } from './users';

/**
 * The user behind a token, read once every few seconds rather than on every request. A revocation, a sign-in merge or
 * a profile change made through this instance is seen at once; made through another instance, within this time.
 */
const cache = perDatabaseCache<UserRow | null>(5_000);

export function findUserCached(db: Queryable, id: number): Promise<UserRow | null> {
  return cache.get(db, id, () => findUser(db, id));
}

/**
 * The row id an anonymous session's first write made, or null while it has none. A session's row keeps its id until
 * the cleanup removes it (after its token expired), so only "no row yet" can go stale: for these few seconds another
 * instance answers the session as a new visitor, and its first write there finds the row on the unique key.
 */
const sessionRows = perDatabaseCache<number | null, string>(5_000);

export function findSessionRowId(db: Queryable, sessionKey: string): Promise<number | null> {
  return sessionRows.get(db, sessionKey, async () => (await findBySessionKey(db, sessionKey))?.id ?? null);
}

/** This instance made (or found) the session's row. */
export function sessionRowMade(db: Queryable, sessionKey: string): void {
  sessionRows.forget(db, sessionKey);
}

/** Call after changing users' rows through `db`: forgotten here at once, on the other instances when the bus tells them. */
export function usersChanged(db: Queryable, ...ids: number[]): void {
  cache.forget(db, ...ids);
  if (ids.length > 0) announce(db, 'users', { ids });
}

/** Another instance changed these users. */
export function forgetCachedUsers(db: Queryable, ids: readonly number[]): void {
  cache.forget(db, ...ids);
}
