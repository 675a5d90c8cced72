import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { Queryable } from '../catalog/store';

const MIGRATIONS = fileURLToPath(new URL('./migrations', import.meta.url));

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
}

// int8 as number: prices fit in 2^53, and both drivers then agree.
pg.types.setTypeParser(20, (value) => Number(value));

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  return options.databaseUrl ? openPostgres(options.databaseUrl) : openPglite(options.dataDir);
}

async function openPglite(dataDir: string | undefined): Promise<Database> {
  const client = dataDir ? new PGlite(join(dataDir, 'pglite')) : new PGlite();
  await client.waitReady;
  const orm = drizzlePglite(client);
  // PGlite runs one statement at a time on one connection: a transaction is just BEGIN/COMMIT around the work.
  let queue: Promise<unknown> = Promise.resolve();
  return {
    kind: 'pglite',
    query: async (text, params) => client.query(text, params as unknown[]) as never,
    migrate: () => migratePglite(orm, { migrationsFolder: MIGRATIONS }),
    transaction: <T>(work: (tx: Queryable) => Promise<T>) => {
      const run = queue.then(() =>
        client.transaction((tx) => work({ query: async (text, params) => tx.query(text, params as unknown[]) as never })),
      );
      queue = run.catch(() => undefined);
      return run;
    },
    exclusively: (_name, work) => work(),
    close: () => client.close(),
  };
}

async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  await pool.query('select 1');
  const orm = drizzlePg(pool);
  return {
    kind: 'postgres',
    query: async (text, params) => pool.query(text, params as unknown[]) as never,
    migrate: () => migratePg(orm, { migrationsFolder: MIGRATIONS }),
    transaction: async <T>(work: (tx: Queryable) => Promise<T>) => {
      const conn = await pool.connect();
      try {
        await conn.query('BEGIN');
        const result = await work({ query: async (text, params) => conn.query(text, params as unknown[]) as never });
        await conn.query('COMMIT');
        return result;
      } catch (error) {
        await conn.query('ROLLBACK');
        throw error;
      } finally {
        conn.release();
      }
    },
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
}
