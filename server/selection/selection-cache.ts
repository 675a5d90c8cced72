import type { TopProfilePayload } from '@kvarta/contract/selection';
import type { Queryable } from '../core/database';
import { unchanging } from '../core/unchanging';
import { perDatabaseCache } from '../lib/per-database-cache';
import type { reactions } from './schema';

/** A user's reaction to an apartment, as the `reactions` table keeps it. */
export type Reaction = Pick<typeof reactions.$inferSelect, 'action' | 'notices' | 'selectionType'>;

/** What ranking a user's TOP reads about them: their profile and reactions (which the taste is learned from). */
export interface UserSelection {
  profile: TopProfilePayload | null;
  reactions: ReadonlyMap<number, Reaction>;
  /** «Персональные рекомендации» (149-FZ art. 10.2-2): off, the reactions are kept but nothing is learned from them. */
  personalised: boolean;
}

/** Seconds another instance may lag behind a change made elsewhere (see per-database-cache.ts). */
export const selectionCache = perDatabaseCache<UserSelection>(5_000);

/**
 * A user's ranked pages, by request and catalogue version: the same page asked again (a refetch on mount, another
 * tab, paging back) is answered without ranking it again. Forgotten with the user's selection state.
 */
const rankedPages = perDatabaseCache<Map<string, { version: number; page: unknown }>>(5_000);

export async function rankedPage<T>(db: Queryable, userId: number, key: string, version: number, rank: () => Promise<T>): Promise<T> {
  const pages = await rankedPages.get(db, userId, () => Promise.resolve(new Map<string, { version: number; page: unknown }>()));
  const hit = pages.get(key);
  if (hit && hit.version === version) return hit.page as T;
  const page = unchanging(await rank());
  if (pages.size >= 20) pages.clear();
  pages.set(key, { version, page });
  return page;
}

/** Call after writing users' profile, reactions or personalisation through `db` (the handle they are read with). */
export function userSelectionChanged(db: Queryable, ...userIds: number[]): void {
  selectionCache.forget(db, ...userIds);
  rankedPages.forget(db, ...userIds);
}
