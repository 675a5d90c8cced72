/**
 * `npm run backup -- [file]`: a backup of the database the server uses — PostgreSQL when DATABASE_URL is set
 * (pg_dump, while the instances run), else the embedded database in DATA_DIR (stop the server first: one process
 * owns that folder, and the lock refuses a second).
 */
import { resolve } from 'node:path';
import { acquireDataDirLock } from '../server/db/lock';
import { backupDatabase } from '../server/ops/backup';
import { backupTargetFromEnv, defaultBackupFile } from './backup-target';

const target = backupTargetFromEnv(process.env);
const file = resolve(process.argv[2] ?? defaultBackupFile(target, new Date()));
const release = target.kind === 'pglite' ? acquireDataDirLock(target.dataDir) : () => undefined;
try {
  await backupDatabase(target, file);
  console.log(`Резервная копия: ${file}`);
} catch (error) {
  console.error(`Резервная копия не сделана: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  release();
}
