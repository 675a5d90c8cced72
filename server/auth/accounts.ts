import { userSelectionChanged } from '../selection/selection-cache';
import { usersChanged } from './user-cache';
import type { Queryable } from '../core/database';
import type { InitDataUser } from './telegram-init-data';
import { findUser, type UserRow } from './users';

/** Steps that move an anonymous user's data (likes, favourites, profiles) into an account; capabilities register theirs. */
export type MergeStep = (tx: Queryable, fromUserId: number, intoUserId: number) => Promise<void>;
const mergeSteps: MergeStep[] = [];
export function registerMergeStep(step: MergeStep): void {
  mergeSteps.push(step);
}

export class IncorrectAuthError extends Error {
  constructor() {
    super('Incorrect Auth');
  }
}

function displayName(user: InitDataUser): string {
  return [user.first_name, user.last_name].filter(Boolean).join(' ').trim() || user.username || 'Пользователь Telegram';
}

export async function findByTelegram(db: Queryable, telegramId: number): Promise<UserRow | null> {
  const { rows } = await db.query<{ id: number }>('SELECT id FROM users WHERE telegram_id = $1', [String(telegramId)]);
  return rows[0] ? findUser(db, rows[0].id) : null;
}

/** Moves everything of an anonymous user into the account and retires the anonymous user's tokens. */
async function mergeAnonymous(tx: Queryable, from: UserRow, into: UserRow): Promise<void> {
  for (const step of mergeSteps) await step(tx, from.id, into.id);
  await tx.query('UPDATE users SET token_version = token_version + 1 WHERE id = $1', [from.id]);
}

/**
 * One account per Telegram user (DESIGN §4). Login: reach the Telegram account, creating it from an
 * anonymous requester when it does not exist yet; an anonymous requester's data merges in.
 * Binding: attach Telegram to the requester; a Telegram account that already belongs to another
 * signed-in account is refused with 'Incorrect Auth'.
 */
export async function signInWithTelegram(
  db: Queryable & { transaction<T>(w: (tx: Queryable) => Promise<T>): Promise<T> },
  telegram: InitDataUser,
  requester: UserRow | null,
  mode: 'login' | 'binding',
): Promise<UserRow> {
  const user = await db.transaction(async (tx) => {
    const owner = await findByTelegram(tx, telegram.id);
    if (owner) {
      if (requester && requester.id !== owner.id) {
        if (!requester.isAnonymous && mode === 'binding') throw new IncorrectAuthError();
        if (requester.isAnonymous) await mergeAnonymous(tx, requester, owner);
      }
      await tx.query('UPDATE users SET name = coalesce(name, $2) WHERE id = $1', [owner.id, displayName(telegram)]);
      return (await findUser(tx, owner.id))!;
    }
    if (requester && (requester.isAnonymous || (mode === 'binding' && !requester.telegramId))) {
      await tx.query('UPDATE users SET telegram_id = $2, is_anonymous = false, name = coalesce(name, $3) WHERE id = $1', [
        requester.id,
        String(telegram.id),
        displayName(telegram),
      ]);
      return (await findUser(tx, requester.id))!;
    }
    if (requester && mode === 'binding') throw new IncorrectAuthError();
    const { rows } = await tx.query<{ id: number }>(
      'INSERT INTO users (telegram_id, name, is_anonymous) VALUES ($1, $2, false) RETURNING id',
      [String(telegram.id), displayName(telegram)],
    );
    return (await findUser(tx, rows[0]!.id))!;
  });
  // Rows of both may have changed (a merge moves the anonymous user's data and retires its tokens).
  const touched = requester ? [requester.id, user.id] : [user.id];
  usersChanged(db, ...touched);
  userSelectionChanged(db, ...touched);
  return user;
}
