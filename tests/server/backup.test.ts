import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { prepareDatabase } from '../../server/bootstrap';
import { openDatabase, type Database } from '../../server/db/connection';
import { backupDatabase, restoreDatabase, type BackupTarget } from '../../server/ops/backup';
import { backupsToDelete } from '../../server/ops/backup-retention';
import { erasePersonalData } from '../../server/privacy/personal-data';
import { freshPostgres, TEST_CATALOGUE_SIZE } from './helpers';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/**
 * Every table of every schema of ours (public, drizzle's migrations, …) with a fingerprint of all its rows (their
 * text, in a stable order), and where each sequence stands: a restore that lost either is not a backup.
 */
async function fingerprint(db: Database): Promise<Record<string, { rows: number; md5: string }>> {
  const { rows: tables } = await db.query<{ name: string }>(
    `select format('%I.%I', table_schema, table_name) as name from information_schema.tables
      where table_schema not in ('pg_catalog', 'information_schema') and table_type = 'BASE TABLE' order by 1`,
  );
  const result: Record<string, { rows: number; md5: string }> = {};
  for (const { name } of tables) {
    const { rows } = await db.query<{ rows: number; md5: string | null }>(
      `select count(*)::int as rows, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as md5 from ${name} t`,
    );
    result[name] = { rows: rows[0]!.rows, md5: rows[0]!.md5 ?? '' };
  }
  const { rows: sequences } = await db.query<{ name: string; at: string | null }>(
    `select format('%I.%I', schemaname, sequencename) as name, last_value::text as at from pg_sequences order by 1`,
  );
  for (const { name, at } of sequences) result[`sequence ${name}`] = { rows: 0, md5: at ?? 'unused' };
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
    expect(before['public.apartments']!.rows).toBeGreaterThan(0);
    expect(before['public.users']!.rows).toBe(1);
    expect(before['public.reactions']!.rows).toBe(2);
    expect(before['drizzle.__drizzle_migrations']!.rows).toBeGreaterThan(0);
    expect(after).toEqual(before);
    // The server starts on it: no migration is run again, and new rows take ids after the restored ones.
    const restored = await openTarget(target);
    await restored.migrate();
    expect(await fingerprint(restored)).toEqual(before);
    const { rows } = await restored.query<{ id: number }>(`insert into users (telegram_id, name) values ('434343', 'После') returning id`);
    expect(rows[0]!.id).toBeGreaterThan(Number(before['sequence public.users_id_seq']!.md5));
    await restored.close();
    await expect(restoreDatabase(target, file)).rejects.toThrow(/не пуста/);
  }, 240_000);

  it('the embedded database: the backup is a logical dump (gzipped plain SQL of pg_dump), not a copy of its data folder', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'kvarta-sql-'));
    const db = await openDatabase({ dataDir });
    await db.query(`create table kept (x int primary key, note text)`);
    await db.query(`insert into kept values (1, 'один'), (2, 'два')`);
    await db.close();
    const file = join(mkdtempSync(join(tmpdir(), 'kvarta-sql-backups-')), 'kvarta.sql.gz');
    await backupDatabase({ kind: 'pglite', dataDir }, file);
    const sql = gunzipSync(readFileSync(file)).toString('utf8');
    expect(sql.startsWith('--\n-- PostgreSQL database dump\n')).toBe(true);
    expect(sql).toMatch(/INSERT INTO public\.kept VALUES\s*\(1, 'один'\),\s*\(2, 'два'\);/);
    expect(sql.trimEnd().endsWith('-- PostgreSQL database dump complete\n--')).toBe(true);
  }, 120_000);

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
        expect(before['public.apartments']!.rows).toBeGreaterThan(0);
        expect(before['public.users']!.rows).toBe(1);
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

/** Someone who asked to be forgotten: their name is searched for in every byte of the backup. */
const FORGOTTEN = 'Зоркий Незабываемыйбэкап';

/** A database with one person, who then deletes their account (as «Удалить аккаунт и данные» does). */
async function forgottenPerson(db: Database): Promise<void> {
  await prepareDatabase(db, { catalogueSize: TEST_CATALOGUE_SIZE, demoPromocodes: true });
  const { rows } = await db.query<{ id: number }>(
    `insert into users (telegram_id, name, is_anonymous) values ('515151', $1, false) returning id`,
    [FORGOTTEN],
  );
  await db.query(`insert into top_profiles (user_id, payload) values ($1, $2)`, [rows[0]!.id, JSON.stringify({ note: FORGOTTEN })]);
  expect(await db.transaction((tx) => erasePersonalData(tx, rows[0]!.id))).not.toBeNull();
}

const modeOf = (path: string) => statSync(path).mode & 0o777;
const contains = (bytes: Buffer, text: string) => bytes.includes(Buffer.from(text, 'utf8'));

/** `npm run backup` / `npm run restore` as the operator runs them: exit code and what they printed. */
function script(name: 'backup' | 'restore', args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; out: string; err: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', `scripts/${name}.ts`, ...args], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('close', (code) => resolve({ code, out, err }));
  });
}

describe('backups keep personal data to themselves', () => {
  it('the embedded database: the file is 0600 in a 0700 folder, and a deleted person is in none of its bytes', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'kvarta-forget-'));
    const db = await openDatabase({ dataDir });
    await forgottenPerson(db);
    await db.close();
    const folder = join(mkdtempSync(join(tmpdir(), 'kvarta-backups-')), 'backups');
    // A folder left open to others by an earlier tool is closed too.
    mkdirSync(folder, { mode: 0o755 });
    const file = join(folder, 'kvarta.sql.gz');
    await backupDatabase({ kind: 'pglite', dataDir }, file);
    expect(modeOf(folder)).toBe(0o700);
    expect(modeOf(file)).toBe(0o600);
    expect(readdirSync(folder)).toEqual(['kvarta.sql.gz']);
    const compressed = readFileSync(file);
    const sql = gunzipSync(compressed);
    // The live folder still has it (dead rows, WAL): the backup is a logical dump of live rows, not the folder.
    expect(contains(sql, 'Незабываемыйбэкап')).toBe(false);
    expect(contains(compressed, 'Незабываемыйбэкап')).toBe(false);
    // …and the dump is a working database.
    const target = mkdtempSync(join(tmpdir(), 'kvarta-forget-dst-'));
    await restoreDatabase({ kind: 'pglite', dataDir: target }, file);
    const restored = await openDatabase({ dataDir: target });
    expect((await restored.query<{ n: number }>('select count(*)::int as n from apartments')).rows[0]!.n).toBeGreaterThan(0);
    expect((await restored.query<{ n: number }>('select count(*)::int as n from users')).rows[0]!.n).toBe(0);
    await restored.close();
  }, 240_000);

  it.runIf(process.env.TEST_DATABASE_URL)(
    'PostgreSQL: pg_dump writes 0600 in a 0700 folder, and a deleted person is in none of its bytes',
    async () => {
      const source = await freshPostgres();
      try {
        const db = await openDatabase({ databaseUrl: source.url });
        await forgottenPerson(db);
        await db.close();
        const folder = join(mkdtempSync(join(tmpdir(), 'kvarta-backups-')), 'backups');
        const file = join(folder, 'kvarta.dump');
        await backupDatabase({ kind: 'postgres', url: source.url }, file);
        expect(modeOf(folder)).toBe(0o700);
        expect(modeOf(file)).toBe(0o600);
        // The custom format compresses each table's data: pg_restore prints it all as plain SQL.
        const sql = await new Promise<string>((resolve, reject) => {
          const child = spawn('pg_restore', ['--file=-', file], { stdio: ['ignore', 'pipe', 'inherit'] });
          let text = '';
          child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
          child.on('close', (code) => (code === 0 ? resolve(text) : reject(new Error(`pg_restore ${code}`))));
        });
        expect(sql).toContain('COPY public.apartments');
        expect(sql.includes('Незабываемыйбэкап')).toBe(false);
        expect(contains(readFileSync(file), 'Незабываемыйбэкап')).toBe(false);
      } finally {
        await source.drop();
      }
    },
    240_000,
  );

  it('a restore from a cut or foreign file says why in words and leaves DATA_DIR as it was, so the retry works', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'kvarta-cut-src-'));
    const db = await openDatabase({ dataDir });
    await prepareDatabase(db, { catalogueSize: TEST_CATALOGUE_SIZE, demoPromocodes: true });
    await db.close();
    const folder = mkdtempSync(join(tmpdir(), 'kvarta-cut-backups-'));
    const good = join(folder, 'good.sql.gz');
    await backupDatabase({ kind: 'pglite', dataDir }, good);
    const bytes = readFileSync(good);
    const sql = gunzipSync(bytes).toString('utf8');
    // Cut right after a whole statement: every statement so far runs, and only the missing end gives it away.
    const lastStatement = sql.lastIndexOf(';\n', sql.lastIndexOf('-- PostgreSQL database dump complete')) + 2;
    const broken = {
      'cut-dump.sql.gz': gzipSync(sql.slice(0, Math.floor(sql.length / 2))),
      'cut-after-a-statement.sql.gz': gzipSync(sql.slice(0, lastStatement)),
      'cut-gzip.sql.gz': bytes.subarray(0, Math.floor(bytes.length / 2)),
      'not-a-backup.sql.gz': Buffer.from('не резервная копия'),
    };
    const target = mkdtempSync(join(tmpdir(), 'kvarta-cut-dst-'));
    for (const [name, content] of Object.entries(broken)) {
      const file = join(folder, name);
      writeFileSync(file, content);
      const failed = await script('restore', [file], { DATA_DIR: target });
      expect(failed.code, `${name}: ${failed.out}`).toBe(1);
      expect(failed.err).toMatch(/^Не восстановлено: .*(повреждена|обрезан)/);
      expect(failed.err).not.toMatch(/\[object Object\]|^Не восстановлено: unreachable/);
      expect(readdirSync(target), name).toEqual([]);
    }
    // A whole dump whose SQL fails half way: PostgreSQL's own words, and no half-restored folder left behind.
    const failing = join(folder, 'fails-half-way.sql.gz');
    writeFileSync(failing, gzipSync(sql.replace('\nCREATE TABLE public.users (', '\nSELECT 1 / 0;\nCREATE TABLE public.users (')));
    const failed = await script('restore', [failing], { DATA_DIR: target });
    expect(failed.code, failed.out).toBe(1);
    expect(failed.err).toMatch(/^Не восстановлено: .*division by zero/);
    expect(failed.err).not.toMatch(/\[object Object\]/);
    expect(readdirSync(target)).toEqual([]);
    // A data-folder tarball of an earlier version is named for what it is.
    const tarball = join(folder, 'kvarta-2020-01-01T00-00-00-000Z.tar.gz');
    const header = Buffer.alloc(1024);
    header.write('PG_VERSION', 0);
    header.write('ustar', 257, 'latin1');
    writeFileSync(tarball, gzipSync(header));
    const old = await script('restore', [tarball], { DATA_DIR: target });
    expect(old.code, old.out).toBe(1);
    expect(old.err).toMatch(/^Не восстановлено: .*копия папки данных, которую делала прежняя версия/);
    expect(readdirSync(target)).toEqual([]);
    // A restore killed outright leaves its half-built folder: the next one removes it, then restores.
    mkdirSync(join(target, '.pglite-restore-killed'));
    writeFileSync(join(target, '.pglite-restore-killed', 'PG_VERSION'), '17');
    const retried = await script('restore', [good], { DATA_DIR: target });
    expect(retried.code, retried.err).toBe(0);
    expect(retried.out).toContain('Восстановлено');
    expect(readdirSync(target).filter((entry) => entry.startsWith('.pglite-restore-'))).toEqual([]);
  }, 240_000);
});

describe('how long backups are kept', () => {
  const name = (iso: string, ext = 'sql.gz') => `kvarta-${iso.replace(/[:.]/g, '-')}.${ext}`;

  it('every backup of the last 30 days, then the newest of each month for 12 months; other files are never touched', () => {
    const now = new Date('2025-06-15T03:00:00.000Z');
    const names = [
      name('2025-06-14T03:00:00.000Z'),
      name('2025-05-20T03:00:00.000Z', 'dump'),
      name('2025-05-10T03:00:00.000Z'),
      name('2025-04-30T03:00:00.000Z'),
      name('2025-04-01T03:00:00.000Z'),
      name('2024-07-31T03:00:00.000Z'),
      // A data-folder tarball of the version before the logical dump: pruned alike.
      name('2024-06-30T03:00:00.000Z', 'tar.gz'),
      'notes.txt',
      'kvarta-of-someone-else.sql.gz',
    ];
    expect(backupsToDelete(names, now).sort()).toEqual(
      [name('2025-05-10T03:00:00.000Z'), name('2025-04-01T03:00:00.000Z'), name('2024-06-30T03:00:00.000Z', 'tar.gz')].sort(),
    );
    // The newest backup stays however old it is: a schedule that stopped never leaves none.
    expect(backupsToDelete([name('2020-01-01T00:00:00.000Z')], now)).toEqual([]);
  });

  it('npm run backup deletes the backups the policy no longer keeps', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'kvarta-keep-src-'));
    const db = await openDatabase({ dataDir });
    await db.query('create table kept (x int)');
    await db.close();
    const folder = mkdtempSync(join(tmpdir(), 'kvarta-keep-'));
    const old = [name('2020-01-01T00:00:00.000Z'), name('2020-01-02T00:00:00.000Z')];
    for (const file of [...old, 'notes.txt']) writeFileSync(join(folder, file), 'x');
    const made = await script('backup', [folder], { DATA_DIR: dataDir });
    expect(made.code, made.err).toBe(0);
    const left = readdirSync(folder);
    expect(left).toContain('notes.txt');
    expect(left.filter((file) => old.includes(file))).toEqual([]);
    expect(left.filter((file) => /^kvarta-.*\.sql\.gz$/.test(file))).toHaveLength(1);
  }, 120_000);
});
