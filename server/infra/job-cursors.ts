import { eq, sql } from 'drizzle-orm';
import type { Queryable } from '../core/database';
import { jobCursors } from './schema';

/** The id the job's last slice ended at; 0 before its first run (ids start at 1). */
export async function readJobCursor(db: Queryable, job: string): Promise<number> {
  const [row] = await db.orm.select({ afterId: jobCursors.afterId }).from(jobCursors).where(eq(jobCursors.job, job));
  return row?.afterId ?? 0;
}

export async function writeJobCursor(db: Queryable, job: string, afterId: number): Promise<void> {
  await db.orm
    .insert(jobCursors)
    .values({ job, afterId })
    .onConflictDoUpdate({ target: jobCursors.job, set: { afterId, updatedAt: sql`now()` } });
}
