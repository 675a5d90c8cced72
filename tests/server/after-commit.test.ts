import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findUserCached, materializeAnonymous, updateProfile } from '../../server/auth/users';
import { openDatabase, type Database } from '../../server/db/connection';
import { saveReaction } from '../../server/selection/repository/reactions';
import { userSelection } from '../../server/selection/user-selection';

describe('a write through a repository drops the caches it affects', () => {
  let db: Database;
  beforeAll(async () => {
    db = await openDatabase({});
    await db.migrate();
  });
  afterAll(async () => {
    await db.close();
  });

  it('at once outside a transaction; inside one, once it commits, and not at all when it rolls back', async () => {
    const user = await materializeAnonymous(db, 'after-commit-session');
    expect((await userSelection(db, user.id)).reactions.size).toBe(0);

    await saveReaction(db, user.id, { id: 1 }, 'LIKE', [], 'LEXS');
    expect((await userSelection(db, user.id)).reactions.size).toBe(1);

    await db.transaction(async (tx) => {
      await saveReaction(tx, user.id, { id: 2 }, 'LIKE', [], 'LEXS');
      // Not committed: the cached state is still what others can read.
      expect((await userSelection(db, user.id)).reactions.size).toBe(1);
    });
    expect((await userSelection(db, user.id)).reactions.size).toBe(2);

    expect((await findUserCached(db, user.id))?.name).toBeNull();
    await expect(
      db.transaction(async (tx) => {
        await updateProfile(tx, user.id, { name: 'Откат' });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect((await findUserCached(db, user.id))?.name).toBeNull();
    await updateProfile(db, user.id, { name: 'Анна' });
    expect((await findUserCached(db, user.id))?.name).toBe('Анна');
  });
});
