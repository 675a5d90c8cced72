import { resolve } from 'node:path';
import { z } from 'zod';
import type { BackupTarget } from '../server/ops/backup';
import { DEFAULT_RETENTION, type RetentionPolicy } from '../server/ops/backup-retention';

/** The same variables the server reads: DATABASE_URL, else the embedded database in DATA_DIR (default `.data`). */
export function backupTargetFromEnv(env: NodeJS.ProcessEnv): BackupTarget {
  if (env.DATABASE_URL) return { kind: 'postgres', url: env.DATABASE_URL };
  return { kind: 'pglite', dataDir: resolve(env.DATA_DIR || '.data') };
}

const retentionSchema = z.object({
  BACKUP_KEEP_DAYS: z.coerce.number().int().min(1, 'BACKUP_KEEP_DAYS: не меньше 1').max(3_650).default(DEFAULT_RETENTION.days),
  BACKUP_KEEP_MONTHS: z.coerce.number().int().min(0).max(120, 'BACKUP_KEEP_MONTHS: не больше 120').default(DEFAULT_RETENTION.months),
});

/** BACKUP_KEEP_DAYS (30) and BACKUP_KEEP_MONTHS (12): every backup of those days, then one a month. */
export function retentionFromEnv(env: NodeJS.ProcessEnv): RetentionPolicy {
  const parsed = retentionSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')));
  if (!parsed.success) throw new Error(parsed.error.issues.map((i) => i.message).join('; '));
  return { days: parsed.data.BACKUP_KEEP_DAYS, months: parsed.data.BACKUP_KEEP_MONTHS };
}
