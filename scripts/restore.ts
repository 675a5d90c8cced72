/**
 * `npm run restore -- <file>`: restores a backup made by `npm run backup` into an EMPTY database — the PostgreSQL
 * database of DATABASE_URL (create it first), else an empty DATA_DIR. Start the server on it afterwards: its
 * migrations bring an older backup up to date. A failed restore leaves the target as empty as it found it.
 */
import { resolve } from 'node:path';
import { acquireDataDirLock } from '../server/db/lock';
import { describeError, restoreDatabase } from '../server/ops/backup';
import { backupTargetFromEnv } from './backup-target';

const given = process.argv[2];
if (!given) {
  console.error('Укажите файл: npm run restore -- backups/kvarta-….dump');
  process.exit(2);
}
const target = backupTargetFromEnv(process.env);
let release = () => undefined as void;
try {
  if (target.kind === 'pglite') release = acquireDataDirLock(target.dataDir);
  await restoreDatabase(target, resolve(given));
  console.log(`Восстановлено из ${given}`);
} catch (error) {
  console.error(`Не восстановлено: ${describeError(error)}`);
  process.exitCode = 1;
} finally {
  release();
}
