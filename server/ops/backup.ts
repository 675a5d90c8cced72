import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, open, readFile, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { pgDump } from '@electric-sql/pglite-tools/pg_dump';

/**
 * Backups of both databases the server runs on. PostgreSQL: `pg_dump`'s custom format (a logical dump: live rows
 * only), restored by `pg_restore` in one transaction (the tools of the server's own major version, so nothing of
 * ours guesses the format). The embedded database: pg_dump built for PGlite (`@electric-sql/pglite-tools`), its
 * plain SQL gzipped, restored by running it in a new database. Both are logical dumps: live rows only.
 *
 * A backup holds personal data: the file is written 0600 in a folder made 0700, under a temporary name renamed
 * only once complete, so a failed backup leaves nothing that looks like one.
 */
export type BackupTarget = { kind: 'postgres'; url: string } | { kind: 'pglite'; dataDir: string };

export function pgliteFolder(dataDir: string): string {
  return join(dataDir, 'pglite');
}

const OWNER_ONLY_FOLDER = 0o700;
const OWNER_ONLY_FILE = 0o600;

/** The backup folder is the operator's own: made 0700 whether it is new or not (a folder of someone else is refused). */
export async function ownerOnlyFolder(folder: string): Promise<void> {
  await mkdir(folder, { recursive: true, mode: OWNER_ONLY_FOLDER });
  const { mode, uid } = await stat(folder);
  if ((mode & 0o777) === OWNER_ONLY_FOLDER) return;
  if (process.getuid && uid !== process.getuid())
    throw new Error(`папка ${folder} чужая и открыта другим: выберите для резервных копий отдельную папку`);
  await chmod(folder, OWNER_ONLY_FOLDER);
}

export async function backupDatabase(target: BackupTarget, file: string): Promise<void> {
  const folder = dirname(file);
  await ownerOnlyFolder(folder);
  const partial = join(folder, `.${basename(file)}.partial`);
  // 'wx': never through a file or link someone placed there; the mode applies from the first byte.
  const handle = await open(partial, 'wx', OWNER_ONLY_FILE);
  try {
    if (target.kind === 'postgres') {
      await run('pg_dump', ['--format=custom', '--no-owner', '--dbname', target.url], handle.fd);
    } else {
      await handle.writeFile(await pgliteDump(target.dataDir));
    }
    await handle.sync();
    await handle.close();
    await rename(partial, file);
  } catch (error) {
    await handle.close().catch(() => undefined);
    await rm(partial, { force: true });
    throw error;
  }
}

/**
 * pg_dump's plain SQL of the embedded database, gzipped. The folder is opened in place: the caller holds DATA_DIR's
 * lock (no server runs on it), and a dump only reads. A logical dump carries live rows only, never the dead row
 * versions or the write-ahead log where a deleted person's name lingers in the folder.
 */
async function pgliteDump(dataDir: string): Promise<Buffer> {
  if (!existsSync(pgliteFolder(dataDir))) throw new Error(`В ${dataDir} нет встроенной базы`);
  const client = new PGlite(pgliteFolder(dataDir));
  try {
    await client.waitReady;
    // Many rows to one INSERT: a third smaller and twice as quick to restore as one INSERT a row (pgDump adds --inserts).
    const dump = await pgDump({ pg: client, args: ['--rows-per-insert=1000'] });
    // pgDump resets the session without waiting for it: a query queues behind that before the database is closed.
    await client.query('select 1');
    return await promisify(gzip)(Buffer.from(await dump.arrayBuffer()));
  } finally {
    await client.close();
  }
}

/**
 * Restores into an EMPTY database or data folder: a restore never merges into, or overwrites, live data. The
 * embedded database is built in a temporary folder beside its place and moved there only once the whole dump ran,
 * so a failed restore leaves DATA_DIR as it found it and the same command can simply be run again.
 */
const RESTORE_PREFIX = '.pglite-restore-';

export async function restoreDatabase(target: BackupTarget, file: string): Promise<void> {
  if (target.kind === 'postgres') {
    await run('pg_restore', ['--no-owner', '--single-transaction', '--exit-on-error', '--dbname', target.url, file]);
    return;
  }
  const folder = pgliteFolder(target.dataDir);
  if (existsSync(folder) && readdirSync(folder).length > 0) {
    throw new Error(`${folder} не пуста: восстанавливайте в пустую папку DATA_DIR`);
  }
  const sql = await readPgliteDump(file);
  await mkdir(target.dataDir, { recursive: true });
  // A restore killed outright (not a failure it could clean up after) leaves its half-built folder, personal data
  // included: the next run removes it first.
  for (const stale of readdirSync(target.dataDir).filter((name) => name.startsWith(RESTORE_PREFIX)))
    await rm(join(target.dataDir, stale), { recursive: true, force: true });
  // In DATA_DIR itself, so the finished folder is renamed (same file system), never copied.
  const scratch = await mkdtemp(join(target.dataDir, RESTORE_PREFIX));
  try {
    const client = new PGlite(scratch);
    try {
      await client.waitReady;
      await client.exec(sql);
      // The dump empties search_path for its session (pglite-tools' README: set it back after a restore).
      await client.exec('RESET search_path');
    } catch (error) {
      await client.close().catch(() => undefined);
      throw error;
    }
    await client.close();
    await rename(scratch, folder);
  } catch (error) {
    await rm(scratch, { recursive: true, force: true });
    throw new Error(`встроенная база не восстановлена из ${file}: ${describeError(error)}`);
  }
}

const DUMP_START = '--\n-- PostgreSQL database dump\n';
const DUMP_END = /\n-- PostgreSQL database dump complete\n--\s*$/;

/**
 * The backup's SQL, once it is known to be a whole dump: pg_dump writes its last line only when done, and a dump cut
 * right after a statement would otherwise restore without a word, missing whatever came after.
 */
async function readPgliteDump(file: string): Promise<string> {
  const bytes = await readFile(file).catch((error: unknown) => {
    throw new Error(`файл ${file} не прочитан: ${describeError(error)}`);
  });
  const broken = (why: string) => new Error(`${file} — не резервная копия встроенной базы или она повреждена (${why})`);
  const plain = await promisify(gunzip)(bytes).catch((error: unknown) => {
    throw broken(`gzip: ${describeError(error)}`);
  });
  if (plain.toString('latin1', 257, 262) === 'ustar') {
    throw new Error(`${file} — копия папки данных, которую делала прежняя версия: восстановите её той версией и сделайте копию заново`);
  }
  let sql: string;
  try {
    sql = new TextDecoder('utf-8', { fatal: true }).decode(plain);
  } catch {
    throw broken('не текст UTF-8');
  }
  if (!sql.startsWith(DUMP_START)) throw broken('нет заголовка pg_dump');
  if (!DUMP_END.test(sql)) throw broken('дамп обрезан: нет его последней строки');
  return sql;
}

/** An operator reads this: the message of whatever was thrown (WebAssembly aborts and plain objects too). */
export function describeError(error: unknown): string {
  if (error instanceof Error) {
    const text = error.message || error.name;
    // A WebAssembly abort says only "unreachable": the name says what kind of failure it was.
    return error.name && error.name !== 'Error' && !text.includes(error.name) ? `${error.name}: ${text}` : text;
  }
  if (typeof error === 'object' && error !== null) {
    const { message } = error as { message?: unknown };
    if (typeof message === 'string' && message) return message;
    try {
      return JSON.stringify(error);
    } catch {
      return Object.prototype.toString.call(error);
    }
  }
  return String(error);
}

function run(command: string, args: string[], stdout: number | 'inherit' = 'inherit'): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', stdout, 'pipe'] });
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', (error) => reject(new Error(`${command} не запустился: ${error.message}`)));
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`${command} завершился с кодом ${code}: ${stderr.trim()}`))));
  });
}
