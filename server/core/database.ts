/**
 * The database as the domain sees it. The two drivers (embedded PGlite, PostgreSQL) implement it in server/db/; the
 * domain modules depend on these interfaces only.
 */

import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';

/**
 * drizzle's query builder over the same connection: rows typed from the schema (`server/<capability>/schema.ts`), on
 * either driver, inside a transaction when the Queryable is one.
 */
export type Orm = PgDatabase<PgQueryResultHKT>;

/** The one thing both PGlite and node-postgres offer: a parameterised query; and the typed builder beside it. */
export interface Queryable {
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<{ rows: T[] }>;
  orm: Orm;
}

/** A database that can run work in one transaction (see server/db/connection.ts). */
export interface Transactional extends Queryable {
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
}
