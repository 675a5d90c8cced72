import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { prepareDatabase } from '../../server/bootstrap';
import { openDatabase, type Database } from '../../server/db/connection';
import { backupDatabase, restoreDatabase, type BackupTarget } from '../../server/ops/backup';
import { freshPostgres, TEST_CATALOGUE_SIZE } from './helpers';

/** Every table of the public schema with a fingerprint of all its rows (their text, in a stable order). */
async function fingerprint(db: Database): Promise<Record<string, { rows: number; md5: string }>> {
  const { rows: tables } = await db.query<{ name: string }>(
    `select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  const result: Record<string, { rows: number; md5: string }> = {};
  for (const { name } of tables) {
    const { rows } = await db.query<{ rows: number; md5: string | null }>(
      `select count(*)::int as rows, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as md5 from "${name}" t`,
    );
    result[name] = { rows: rows[0]!.rows, md5: rows[0]!.md5 ?? '' };
  }
  return result;
}

/** The catalogue, reference data and texts, plus rows a person leaves: an account, a reaction, a TOP profile. */
async function populate(db: Database): Promise<void> {
  await prepareDatabase(db, { catalogueSize: TEST_CATALOGUE_SIZE, demoPromocodes: true });
  const { rows } = await db.query<{ id: number }>(
    `insert into users (telegram_id, name, is_anonymous) values ('424242', 'Анна «Бэкап»', false) returning id`,
  );
  const userId = rows[0]!.id;
  const { rows: flats } = await db.query<{ id: number }>('select id from apartments order by id limit 2');
  for (const [index, flat] of flats.entries()) {
    await db.query(`insert into reactions (user_id, apartment_id, action, notices, selection_type) values ($1, $2, $3, $4, 'LEXS')`, [
      userId,
      flat.id,
      index === 0 ? 'LIKE' : 'DISLIKE',
      JSON.stringify(index === 0 ? [] : ['PRICE']),
    ]);
  }
  await db.query(`insert into top_profiles (user_id, payload) values ($1, $2)`, [userId, JSON.stringify({ cityId: 1 })]);
}

async function roundTrip(source: BackupTarget, target: BackupTarget, open: (t: BackupTarget) => Promise<Database>) {
  const populated = await open(source);
  await populate(populated);
  const before = await fingerprint(populated);
  await populated.close();

  const file = join(mkdtempSync(join(tmpdir(), 'kvarta-backup-')), 'backup');
  await backupDatabase(source, file);
  await restoreDatabase(target, file);

  const restored = await open(target);
  const after = await fingerprint(restored);
  await restored.close();
  return { before, after, file };
}

const openTarget = (t: BackupTarget) => openDatabase(t.kind === 'postgres' ? { databaseUrl: t.url } : { dataDir: t.dataDir });

describe('npm run backup / restore', () => {
  it('the embedded database: every row of every table comes back, and a restore never overwrites a database', async () => {
    const source: BackupTarget = { kind: 'pglite', dataDir: mkdtempSync(join(tmpdir(), 'kvarta-src-')) };
    const target: BackupTarget = { kind: 'pglite', dataDir: mkdtempSync(join(tmpdir(), 'kvarta-dst-')) };
    const { before, after, file } = await roundTrip(source, target, openTarget);
    expect(before.apartments!.rows).toBeGreaterThan(0);
    expect(before.users!.rows).toBe(1);
    expect(before.reactions!.rows).toBe(2);
    expect(after).toEqual(before);
    await expect(restoreDatabase(target, file)).rejects.toThrow(/не пуста/);
  }, 240_000);

  it.runIf(process.env.TEST_DATABASE_URL)(
    'PostgreSQL: pg_dump and pg_restore bring back every row; a restore into a used database is refused whole',
    async () => {
      const source = await freshPostgres();
      const target = await freshPostgres();
      try {
        const { before, after, file } = await roundTrip(
          { kind: 'postgres', url: source.url },
          { kind: 'postgres', url: target.url },
          openTarget,
        );
        expect(before.apartments!.rows).toBeGreaterThan(0);
        expect(before.users!.rows).toBe(1);
        expect(after).toEqual(before);
        await expect(restoreDatabase({ kind: 'postgres', url: target.url }, file)).rejects.toThrow(/pg_restore/);
      } finally {
        await source.drop();
        await target.drop();
      }
    },
    240_000,
  );
});
