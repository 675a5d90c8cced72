/**
 * The database as the domain sees it. The two drivers (embedded PGlite, PostgreSQL) implement it in server/db/; the
 * domain modules depend on these interfaces only.
 */

/** The one thing both PGlite and node-postgres offer: a parameterised query. */
export interface Queryable {
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<{ rows: T[] }>;
}

/** A database that can run work in one transaction (see server/db/connection.ts). */
export interface Transactional extends Queryable {
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
}
