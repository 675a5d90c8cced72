import { join, resolve } from 'node:path';
import type { BackupTarget } from '../server/ops/backup';

/** The same variables the server reads: DATABASE_URL, else the embedded database in DATA_DIR (default `.data`). */
export function backupTargetFromEnv(env: NodeJS.ProcessEnv): BackupTarget {
  if (env.DATABASE_URL) return { kind: 'postgres', url: env.DATABASE_URL };
  return { kind: 'pglite', dataDir: resolve(env.DATA_DIR || '.data') };
}

export function defaultBackupFile(target: BackupTarget, now: Date): string {
  const stamp = now.toISOString().replace(/[:.]/g, '-');
  return join('backups', `kvarta-${stamp}.${target.kind === 'postgres' ? 'dump' : 'tar.gz'}`);
}
