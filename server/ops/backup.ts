import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, open, readFile, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { scrubbedCopy } from './pglite-scrub';

/**
 * Backups of both databases the server runs on. PostgreSQL: `pg_dump`'s custom format (a logical dump: live rows
 * only), restored by `pg_restore` in one transaction (the tools of the server's own major version, so nothing of
 * ours guesses the format). The embedded database: PGlite's dump of a scrubbed copy of its data folder
 * (`pglite-scrub.ts`: no dead rows, no old WAL), a gzipped tarball it loads back as it is.
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
      await handle.writeFile(await scrubbedPgliteDump(target.dataDir, folder));
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

async function scrubbedPgliteDump(dataDir: string, folder: string): Promise<Buffer> {
  if (!existsSync(pgliteFolder(dataDir))) throw new Error(`В ${dataDir} нет встроенной базы`);
  // The unscrubbed copy lives only inside the owner-only backup folder, and only until the dump is taken.
  const scratch = await mkdtemp(join(folder, '.scratch-'));
  try {
    const copy = join(scratch, 'pglite');
    await scrubbedCopy(pgliteFolder(dataDir), copy);
    const client = new PGlite(copy);
    try {
      await client.waitReady;
      return Buffer.from(await (await client.dumpDataDir('gzip')).arrayBuffer());
    } finally {
      await client.close();
    }
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

/**
 * Restores into an EMPTY database or data folder: a restore never merges into, or overwrites, live data. A failed
 * PGlite restore removes what it wrote, so the same command can simply be run again.
 */
export async function restoreDatabase(target: BackupTarget, file: string): Promise<void> {
  if (target.kind === 'postgres') {
    await run('pg_restore', ['--no-owner', '--single-transaction', '--exit-on-error', '--dbname', target.url, file]);
    return;
  }
  const folder = pgliteFolder(target.dataDir);
  if (existsSync(folder) && readdirSync(folder).length > 0) {
    throw new Error(`${folder} не пуста: восстанавливайте в пустую папку DATA_DIR`);
  }
  const image = await readPgliteImage(file);
  await mkdir(folder, { recursive: true, mode: OWNER_ONLY_FOLDER });
  try {
    const client = new PGlite(folder, { loadDataDir: new Blob([new Uint8Array(image)]) });
    try {
      await client.waitReady;
      // The folder is written as the dump is loaded; a query proves the database opens.
      await client.query('select 1');
    } finally {
      await client.close().catch(() => undefined);
    }
  } catch (error) {
    await rm(folder, { recursive: true, force: true });
    throw new Error(`встроенная база не открылась из ${file}: ${describeError(error)}`);
  }
}

/**
 * The backup's bytes, once they are known to be a whole gzipped tarball of a data folder: PGlite would start an
 * empty database from a file that is not one, and abort with no words ("unreachable") on a cut one.
 */
async function readPgliteImage(file: string): Promise<Buffer> {
  const bytes = await readFile(file).catch((error: unknown) => {
    throw new Error(`файл ${file} не прочитан: ${describeError(error)}`);
  });
  const broken = (why: string) => new Error(`${file} — не резервная копия встроенной базы или она повреждена (${why})`);
  const tar = await promisify(gunzip)(bytes).catch((error: unknown) => {
    throw broken(`gzip: ${describeError(error)}`);
  });
  const names = tarEntries(tar);
  if (names === null) throw broken('архив обрезан');
  if (!names.some((name) => /(^|\/)PG_VERSION$/.test(name))) throw broken('в архиве нет папки данных PostgreSQL');
  return bytes;
}

/** The entry names of a ustar archive, or null when an entry runs past its end (a cut file). */
function tarEntries(tar: Buffer): string[] | null {
  const names: string[] = [];
  for (let at = 0; at + 512 <= tar.length;) {
    const header = tar.subarray(at, at + 512);
    if (header.every((byte) => byte === 0)) return names;
    if (header.toString('latin1', 257, 262) !== 'ustar') return null;
    const field = (from: number, length: number) => header.toString('utf8', from, from + length).replace(/\0.*$/s, '');
    const prefix = field(345, 155);
    names.push(prefix ? `${prefix}/${field(0, 100)}` : field(0, 100));
    const size = Number.parseInt(field(124, 12).trim() || '0', 8);
    at += 512 + Math.ceil(size / 512) * 512;
    if (at > tar.length) return null;
  }
  return null;
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
