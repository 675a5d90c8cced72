import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import { afterCommit } from '../core/after-commit';
import type { Queryable } from '../core/database';
import { announce } from '../infra/event-bus';
import { perDatabaseCache } from '../lib/per-database-cache';
import { users } from './schema';

/**
 * The users repository: every read and write of `users` goes through here, and each write drops what this instance
 * cached of the rows it changed (and tells the other instances on the bus), once the write is committed.
 */

/** What a request knows of its user: these columns of the row. */
const userColumns = {
  id: users.id,
  telegramId: users.telegramId,
  name: users.name,
  cityId: users.cityId,
  isAnonymous: users.isAnonymous,
  tokenVersion: users.tokenVersion,
};

export type UserRow = Pick<typeof users.$inferSelect, keyof typeof userColumns> & {
  /**
   * Set only for an anonymous session that has not written yet, so has no row: `id` is then its token's negative
   * placeholder, which matches no row. Reads answer as for a new visitor; a write first makes the row
   * (`materializeAnonymous`).
   */
  unsavedSession?: string;
};

/** An anonymous session not yet written to the database, as its token describes it. */
export function unsavedAnonymousUser(placeholderId: number, sessionKey: string): UserRow {
  return { id: placeholderId, telegramId: null, name: null, cityId: null, isAnonymous: true, tokenVersion: 0, unsavedSession: sessionKey };
}

/** The row an anonymous session's first write made, if it has written. */
export async function findBySessionKey(db: Queryable, sessionKey: string): Promise<UserRow | null> {
  const rows = await db.orm.select(userColumns).from(users).where(eq(users.anonymousKey, sessionKey));
  return rows[0] ?? null;
}

export async function findUser(db: Queryable, id: number): Promise<UserRow | null> {
  const rows = await db.orm.select(userColumns).from(users).where(eq(users.id, id));
  return rows[0] ?? null;
}

export async function findByTelegram(db: Queryable, telegramId: number): Promise<UserRow | null> {
  const rows = await db.orm
    .select(userColumns)
    .from(users)
    .where(eq(users.telegramId, String(telegramId)));
  return rows[0] ?? null;
}

/**
 * The session's row, made now if it has none. Two first writes at once (two tabs, a retry) meet on the unique key and
 * both get the one row. The row may be older than this call and retired (its session signed in): the caller compares
 * versions.
 */
export async function materializeAnonymous(db: Queryable, sessionKey: string): Promise<UserRow> {
  const rows = await db.orm
    .insert(users)
    .values({ isAnonymous: true, anonymousKey: sessionKey })
    .onConflictDoUpdate({ target: users.anonymousKey, set: { anonymousKey: sql`excluded.anonymous_key` } })
    .returning(userColumns);
  afterCommit(db, (root) => sessionRows.forget(root, sessionKey));
  return rows[0]!;
}

/** A new signed-in account for a Telegram user. */
export async function createTelegramAccount(db: Queryable, telegramId: number, name: string): Promise<UserRow> {
  const rows = await db.orm
    .insert(users)
    .values({ telegramId: String(telegramId), name, isAnonymous: false })
    .returning(userColumns);
  return rows[0]!;
}

/** Telegram attached to this user (an anonymous one becomes an account); a name it has is kept. */
export async function attachTelegram(db: Queryable, id: number, telegramId: number, name: string): Promise<void> {
  await db.orm
    .update(users)
    .set({ telegramId: String(telegramId), isAnonymous: false, name: sql`coalesce(${users.name}, ${name})` })
    .where(eq(users.id, id));
  changed(db, [id]);
}

/** The user's name and city as the cabinet sets them: a value left out keeps the stored one. */
export async function updateProfile(db: Queryable, id: number, profile: { name?: string | null; cityId?: number | null }): Promise<void> {
  await db.orm
    .update(users)
    .set({ name: sql`coalesce(${profile.name ?? null}, ${users.name})`, cityId: sql`coalesce(${profile.cityId ?? null}, ${users.cityId})` })
    .where(eq(users.id, id));
  changed(db, [id]);
}

/** A name for the user unless they have one. */
export async function nameIfUnnamed(db: Queryable, id: number, name: string): Promise<void> {
  await db.orm
    .update(users)
    .set({ name: sql`coalesce(${users.name}, ${name})` })
    .where(eq(users.id, id));
  changed(db, [id]);
}

/** «Персональные рекомендации»: on unless the person turned them off (a user without a row has them on). */
export async function isPersonalised(db: Queryable, id: number): Promise<boolean> {
  const rows = await db.orm.select({ personalised: users.personalised }).from(users).where(eq(users.id, id));
  return rows[0]?.personalised ?? true;
}

/** Turns «Персональные рекомендации» on or off for the user. */
export async function setPersonalised(db: Queryable, id: number, personalised: boolean): Promise<void> {
  await db.orm.update(users).set({ personalised }).where(eq(users.id, id));
  changed(db, [id]);
}

/** Every token of the user issued so far is refused from now on. */
export async function revokeTokens(db: Queryable, id: number): Promise<void> {
  await db.orm
    .update(users)
    .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
    .where(eq(users.id, id));
  changed(db, [id]);
}

/** Every token of the account with this Telegram id is refused from now on; false when there is no such account. */
export async function revokeTokensOfTelegram(db: Queryable, telegramId: number): Promise<boolean> {
  const rows = await db.orm
    .update(users)
    .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
    .where(eq(users.telegramId, String(telegramId)))
    .returning({ id: users.id });
  changed(
    db,
    rows.map((row) => row.id),
  );
  return rows.length > 0;
}

/**
 * Locks the user's row for the rest of the caller's transaction and reads what deleting it needs; null when there is
 * no such user.
 */
export async function lockForDeletion(tx: Queryable, id: number) {
  const rows = await tx.orm
    .select({ telegramId: users.telegramId, anonymousKey: users.anonymousKey })
    .from(users)
    .where(eq(users.id, id))
    .for('update');
  return rows[0] ?? null;
}

/**
 * Deletes users; their rows in other tables go with them or lose the link, as each table's foreign key to `users`
 * says (ON DELETE CASCADE or SET NULL). `onlyIf` re-checks a condition in the same statement (the cleanup's "still
 * anonymous and old"). Returns the ids deleted.
 */
export async function deleteUsers(db: Queryable, ids: number[], onlyIf?: { anonymousCreatedBefore: Date }): Promise<number[]> {
  if (ids.length === 0) return [];
  const condition = onlyIf
    ? and(inArray(users.id, ids), eq(users.isAnonymous, true), lt(users.createdAt, onlyIf.anonymousCreatedBefore))
    : inArray(users.id, ids);
  const rows = await db.orm.delete(users).where(condition).returning({ id: users.id, anonymousKey: users.anonymousKey });
  const deleted = rows.map((row) => row.id);
  const sessionKeys = rows.flatMap((row) => (row.anonymousKey === null ? [] : [row.anonymousKey]));
  changed(db, deleted);
  afterCommit(db, (root) => sessionRows.forget(root, ...sessionKeys));
  return deleted;
}

/** Anonymous users created before this moment, lowest ids first. */
export async function anonymousUsersCreatedBefore(db: Queryable, before: Date, limit: number): Promise<number[]> {
  const rows = await db.orm
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.isAnonymous, true), lt(users.createdAt, before)))
    .orderBy(users.id)
    .limit(limit);
  return rows.map((row) => row.id);
}

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

/** These users' rows were written through `db`: forgotten here once committed, on the other instances when the bus tells them. */
function changed(db: Queryable, ids: number[]): void {
  if (ids.length === 0) return;
  afterCommit(db, (root) => {
    cache.forget(root, ...ids);
    announce(root, 'users', { ids });
  });
}

/** Another instance changed these users (or this one holds a row it knows is stale). */
export function forgetCachedUsers(db: Queryable, ids: readonly number[]): void {
  cache.forget(db, ...ids);
}
