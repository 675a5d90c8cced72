import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { prepareDatabase } from '../../server/bootstrap';
import { dumpPglite, openDatabase } from '../../server/db/connection';
import { TEST_CATALOGUE_SIZE } from './test-database';

/**
 * Migrating and generating the test catalogue takes seconds; doing it once for the whole run and copying the result
 * per test file (a PGlite data directory loaded from a tarball; `CREATE DATABASE … TEMPLATE` on PostgreSQL) keeps
 * every file on a database of its own at a fraction of the cost.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = mkdtempSync(join(tmpdir(), 'kvarta-test-db-'));
  const imagePath = join(dir, 'pglite.tar');
  const pglite = await openDatabase({});
  await prepareDatabase(pglite, { catalogueSize: TEST_CATALOGUE_SIZE, demoPromocodes: true });
  writeFileSync(imagePath, Buffer.from(await (await dumpPglite(pglite)).arrayBuffer()));
  await pglite.close();
  project.provide('pgliteImage', imagePath);

  let dropTemplate: (() => Promise<void>) | undefined;
  if (process.env.TEST_DATABASE_URL) {
    const name = `kvarta_tpl_${randomBytes(6).toString('hex')}`;
    await adminQuery(`CREATE DATABASE ${name}`);
    const url = new URL(process.env.TEST_DATABASE_URL);
    url.pathname = `/${name}`;
    const db = await openDatabase({ databaseUrl: url.toString() });
    await prepareDatabase(db, { catalogueSize: TEST_CATALOGUE_SIZE, demoPromocodes: true });
    await db.close();
    project.provide('postgresTemplate', name);
    dropTemplate = () => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } else {
    project.provide('postgresTemplate', null);
  }

  return async () => {
    rmSync(dir, { recursive: true, force: true });
    await dropTemplate?.();
  };
}

async function adminQuery(sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}
