/**
 * `npm run backup -- [folder]`: a backup of the database the server uses — PostgreSQL when DATABASE_URL is set
 * (pg_dump, while the instances run), else the embedded database in DATA_DIR (stop the server first: one process
 * owns that folder, and the lock refuses a second) — into a folder of its own (default `backups`, made 0700; the
 * file 0600). Then the folder's older backups beyond BACKUP_KEEP_DAYS / BACKUP_KEEP_MONTHS are deleted.
 */
import { join, resolve } from 'node:path';
import { acquireDataDirLock } from '../server/db/lock';
import { backupDatabase, describeError } from '../server/ops/backup';
import { backupFileName, pruneBackups } from '../server/ops/backup-retention';
import { backupTargetFromEnv, retentionFromEnv } from './backup-target';

const target = backupTargetFromEnv(process.env);
const folder = resolve(process.argv[2] ?? 'backups');
const now = new Date();
const file = join(folder, backupFileName(target.kind, now));
let release = () => undefined as void;
try {
  const retention = retentionFromEnv(process.env);
  if (target.kind === 'pglite') release = acquireDataDirLock(target.dataDir);
  await backupDatabase(target, file);
  console.log(`Резервная копия: ${file}`);
  const deleted = await pruneBackups(folder, now, retention);
  if (deleted.length > 0)
    console.log(`Удалены старые копии (хранятся ${retention.days} дн. и по одной в месяц ${retention.months} мес.): ${deleted.join(', ')}`);
} catch (error) {
  console.error(`Резервная копия не сделана: ${describeError(error)}`);
  process.exitCode = 1;
} finally {
  release();
}
