import type { Queryable } from '../catalog/store';
import { announce } from '../infra/event-bus';
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

/** Call after changing users' rows through `db`: forgotten here at once, on the other instances when the bus tells them. */
export function usersChanged(db: Queryable, ...ids: number[]): void {
  cache.forget(db, ...ids);
  if (ids.length > 0) announce(db, 'users', { ids });
}

/** Another instance changed these users. */
export function forgetCachedUsers(db: Queryable, ids: readonly number[]): void {
  cache.forget(db, ...ids);
}
