import { isPersonalised } from '../auth/users';
import type { Queryable } from '../core/database';
import { getTopProfile } from './repository/profiles';
import { reactionsOf } from './repository/reactions';
import { selectionCache, type UserSelection } from './selection-cache';

/** A user's selection state, read once for a few seconds instead of three queries on every TOP request. */
export function userSelection(db: Queryable, userId: number): Promise<UserSelection> {
  return selectionCache.get(db, userId, async () => {
    const [profile, reactions, personalised] = await Promise.all([
      getTopProfile(db, userId),
      reactionsOf(db, userId),
      isPersonalised(db, userId),
    ]);
    return { profile, reactions, personalised };
  });
}
