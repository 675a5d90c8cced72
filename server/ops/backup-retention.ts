import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * How long backups are kept — which is how long a deleted account still lives in one (the privacy policy says
 * so): every backup of the last `days` days, then the newest of each month for `months` months. `npm run backup`
 * deletes the rest of its folder's backups after each new one.
 */
export interface RetentionPolicy {
  days: number;
  months: number;
}

export const DEFAULT_RETENTION: RetentionPolicy = { days: 30, months: 12 };

/**
 * `kvarta-2025-01-31T03-00-00-000Z.dump` / `.sql.gz`: the names `npm run backup` gives (`.tar.gz`: the embedded
 * database's data-folder copies of earlier versions, pruned alike).
 */
const BACKUP_NAME = /^kvarta-(\d{4})-(\d{2})-(\d{2})T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z\.(dump|sql\.gz|tar\.gz)$/;

export function backupFileName(kind: 'postgres' | 'pglite', now: Date): string {
  return `kvarta-${now.toISOString().replace(/[:.]/g, '-')}.${kind === 'postgres' ? 'dump' : 'sql.gz'}`;
}

function takenAt(name: string): Date | null {
  const m = BACKUP_NAME.exec(name);
  if (!m) return null;
  const [, y = 0, mo = 1, d = 1, h = 0, mi = 0, s = 0, ms = 0] = m.map(Number);
  return new Date(Date.UTC(y, mo - 1, d, h, mi, s, ms));
}

/** Backups (by the names above; other files are never touched) that the policy no longer keeps. */
export function backupsToDelete(names: readonly string[], now: Date, policy: RetentionPolicy = DEFAULT_RETENTION): string[] {
  const dated = names
    .map((name) => ({ name, at: takenAt(name) }))
    .filter((b): b is { name: string; at: Date } => b.at !== null)
    .sort((a, b) => b.at.getTime() - a.at.getTime());
  const recentSince = now.getTime() - policy.days * 86_400_000;
  const monthIndex = (d: Date) => d.getUTCFullYear() * 12 + d.getUTCMonth();
  const oldestMonth = monthIndex(now) - policy.months + 1;
  const monthsKept = new Set<number>();
  const doomed: string[] = [];
  for (const [index, backup] of dated.entries()) {
    const month = monthIndex(backup.at);
    // The newest backup is kept whatever its age: a schedule that stopped must not leave none.
    if (index === 0 || backup.at.getTime() >= recentSince || (month >= oldestMonth && !monthsKept.has(month))) {
      monthsKept.add(month);
      continue;
    }
    doomed.push(backup.name);
  }
  return doomed;
}

export async function pruneBackups(folder: string, now: Date, policy: RetentionPolicy = DEFAULT_RETENTION): Promise<string[]> {
  const doomed = backupsToDelete(await readdir(folder), now, policy);
  for (const name of doomed) await rm(join(folder, name), { force: true });
  return doomed;
}
