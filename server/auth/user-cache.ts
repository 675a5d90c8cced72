import type { Queryable } from '../catalog/store';
import { perDatabaseCache } from '../lib/per-database-cache';
import { findUser, type UserRow } from './users';

/**
 * The user behind a token, read once every few seconds rather than on every request. A revocation, a sign-in merge or
 * a profile change made through this instance is seen at once; made through another instance, within this time.
 */
const cache = perDatabaseCache<UserRow | null>(5_000);

export function findUserCached(db: Queryable, id: number): Promise<UserRow | null> {
  return cache.get(db, id, () => findUser(db, id));
}

/** Call after changing users' rows through `db`. */
export function usersChanged(db: Queryable, ...ids: number[]): void {
  cache.forget(db, ...ids);
}
