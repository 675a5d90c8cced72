import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PgDatabase, PgDialect } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite, PgliteSession } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { projectPath } from '../project-root';
import { transactionWithEffects } from '../core/after-commit';
import type { Queryable } from '../core/database';

const MIGRATIONS = projectPath('server/db/migrations');

export type DatabaseKind = 'pglite' | 'postgres';

/** Raw SQL access plus lifecycle; the same code runs on embedded PGlite and on PostgreSQL. */
export interface Database extends Queryable {
  kind: DatabaseKind;
  /** Runs all pending migrations. */
  migrate(): Promise<void>;
  /** Runs `work` in one transaction on one connection. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * Runs `work` while holding a lock across every process on this database (a session advisory lock on
   * PostgreSQL; one process owns PGlite anyway): instances starting together migrate and seed one after another.
   */
  exclusively<T>(name: string, work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** PostgreSQL connection string; without it PGlite is used. */
  databaseUrl?: string;
  /** Folder for PGlite files; omitted = in memory (tests). */
  dataDir?: string;
  /**
   * An in-memory PGlite starts as a copy of this data directory (a tarball from `dumpPglite`): the test suite
   * prepares one database and copies it per file instead of migrating and generating the catalogue in each.
   */
  pgliteImage?: Blob;
}

// int8 as number: prices fit in 2^53, and both drivers then agree.
pg.types.setTypeParser(20, (value) => Number(value));

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  return options.databaseUrl ? openPostgres(options.databaseUrl) : openPglite(options.dataDir, options.pgliteImage);
}

/** Each open PGlite database's client, so an in-memory one can be dumped as an image for `pgliteImage`. */
const pgliteClients = new WeakMap<Database, PGlite>();

/** The data directory of an open PGlite database as an uncompressed tarball (quick to load again). */
export async function dumpPglite(db: Database): Promise<Blob> {
  const client = pgliteClients.get(db);
  if (!client) throw new Error('dumpPglite: not a PGlite database');
  return client.dumpDataDir('none');
}

/**
 * SQL access to an open PGlite database for pg-boss (its `db` option), so the job queue's own tables can live in the
 * embedded database too (tests). pg-boss sends several statements at once when it has no parameters: PGlite's `exec`.
 */
export function pgliteSqlExecutor(db: Database): { executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> } {
  const client = pgliteClients.get(db);
  if (!client) throw new Error('pgliteSqlExecutor: not a PGlite database');
  return {
    executeSql: async (text, values) => {
      if (values && values.length > 0) return client.query(text, values);
      return (await client.exec(text)).at(-1) ?? { rows: [] };
    },
  };
}

const pgliteDialect = new PgDialect();

async function openPglite(dataDir: string | undefined, image: Blob | undefined): Promise<Database> {
  const client = dataDir ? new PGlite(join(dataDir, 'pglite')) : new PGlite(image ? { loadDataDir: image } : {});
  await client.waitReady;
  const orm = drizzlePglite(client);
  // PGlite runs one statement at a time on one connection: a transaction is just BEGIN/COMMIT around the work.
  let queue: Promise<unknown> = Promise.resolve();
  const db: Database = {
    kind: 'pglite',
    query: async (text, params) => client.query(text, params as unknown[]) as never,
    orm,
    migrate: () => migratePglite(orm, { migrationsFolder: MIGRATIONS }),
    transaction: <T>(work: (tx: Queryable) => Promise<T>) => {
      const run = queue.then(() =>
        transactionWithEffects(db, (enter) =>
          client.transaction((tx) =>
            work(
              enter({
                query: async (text, params) => tx.query(text, params as unknown[]) as never,
                // drizzle's own session over PGlite's transaction (drizzle() takes only the whole client).
                orm: new PgDatabase(pgliteDialect, new PgliteSession(tx, pgliteDialect, undefined), undefined),
              }),
            ),
          ),
        ),
      );
      queue = run.catch(() => undefined);
      return run;
    },
    exclusively: (_name, work) => work(),
    close: () => client.close(),
  };
  pgliteClients.set(db, client);
  return db;
}

async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  await pool.query('select 1');
  const orm = drizzlePg(pool);
  const db: Database = {
    kind: 'postgres',
    query: async (text, params) => pool.query(text, params as unknown[]) as never,
    orm,
    migrate: () => migratePg(orm, { migrationsFolder: MIGRATIONS }),
    transaction: <T>(work: (tx: Queryable) => Promise<T>) =>
      transactionWithEffects(db, async (enter) => {
        const conn = await pool.connect();
        try {
          await conn.query('BEGIN');
          const result = await work(
            enter({
              query: async (text, params) => conn.query(text, params as unknown[]) as never,
              orm: drizzlePg(conn),
            }),
          );
          await conn.query('COMMIT');
          return result;
        } catch (error) {
          await conn.query('ROLLBACK');
          throw error;
        } finally {
          conn.release();
        }
      }),
    exclusively: async <T>(name: string, work: () => Promise<T>) => {
      const conn = await pool.connect();
      try {
        await conn.query('SELECT pg_advisory_lock(hashtextextended($1, 0))', [name]);
        try {
          return await work();
        } finally {
          await conn.query('SELECT pg_advisory_unlock(hashtextextended($1, 0))', [name]);
        }
      } finally {
        conn.release();
      }
    },
    close: () => pool.end(),
  };
  return db;
}
