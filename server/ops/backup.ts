import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';

/**
 * Backups of both databases the server runs on. PostgreSQL: `pg_dump`'s custom format, restored by `pg_restore`
 * in one transaction (the tools of the server's own major version, so nothing of ours guesses the format). The
 * embedded database: PGlite's own dump of its data folder, a gzipped tarball it loads back as it is.
 */
export type BackupTarget = { kind: 'postgres'; url: string } | { kind: 'pglite'; dataDir: string };

export function pgliteFolder(dataDir: string): string {
  return join(dataDir, 'pglite');
}

export async function backupDatabase(target: BackupTarget, file: string): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  if (target.kind === 'postgres') {
    await run('pg_dump', ['--format=custom', '--no-owner', '--file', file, '--dbname', target.url]);
    return;
  }
  if (!existsSync(pgliteFolder(target.dataDir))) throw new Error(`В ${target.dataDir} нет встроенной базы`);
  const client = new PGlite(pgliteFolder(target.dataDir));
  try {
    await client.waitReady;
    const dump = await client.dumpDataDir('gzip');
    await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await client.close();
  }
}

/** Restores into an EMPTY database or data folder: a restore never merges into, or overwrites, live data. */
export async function restoreDatabase(target: BackupTarget, file: string): Promise<void> {
  if (target.kind === 'postgres') {
    await run('pg_restore', ['--no-owner', '--single-transaction', '--exit-on-error', '--dbname', target.url, file]);
    return;
  }
  const folder = pgliteFolder(target.dataDir);
  if (existsSync(folder) && readdirSync(folder).length > 0) {
    throw new Error(`${folder} не пуста: восстанавливайте в пустую папку DATA_DIR`);
  }
  await mkdir(folder, { recursive: true });
  const client = new PGlite(folder, { loadDataDir: new Blob([await readFile(file)]) });
  try {
    await client.waitReady;
    // The folder is written as the dump is loaded; a query proves the database opens.
    await client.query('select 1');
  } finally {
    await client.close();
  }
}

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'inherit', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', (error) => reject(new Error(`${command} не запустился: ${error.message}`)));
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`${command} завершился с кодом ${code}: ${stderr.trim()}`))));
  });
}
