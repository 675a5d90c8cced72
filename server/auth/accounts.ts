import type { Queryable, Transactional } from '../core/database';
import { MERGE_PLAN, type MergeStep } from './merge';
import type { InitDataUser } from './telegram-init-data';
import {
  attachTelegram,
  createTelegramAccount,
  findByTelegram,
  findUser,
  isPersonalised,
  nameIfUnnamed,
  revokeTokens,
  setPersonalised,
  type UserRow,
} from './users';

export { findByTelegram } from './users';

export class IncorrectAuthError extends Error {
  constructor() {
    super('Incorrect Auth');
  }
}

function displayName(user: InitDataUser): string {
  return [user.first_name, user.last_name].filter(Boolean).join(' ').trim() || user.username || 'Пользователь Telegram';
}

/** Moves everything of an anonymous user into the account (one step per table, server/auth/merge.ts) and retires its tokens. */
async function mergeAnonymous(tx: Queryable, from: UserRow, into: UserRow): Promise<void> {
  const steps = Object.values(MERGE_PLAN).filter((plan): plan is MergeStep => typeof plan === 'function');
  for (const step of steps) await step(tx, from.id, into.id);
  // The users row itself is not merged; of «Персональные рекомендации» the stricter choice wins: turned off in the
  // session, they are off in the account (the reactions' merge step drops both users' ranked pages on commit).
  if (!(await isPersonalised(tx, from.id))) await setPersonalised(tx, into.id, false);
  await revokeTokens(tx, from.id);
}

/**
 * One account per Telegram user (DESIGN §4). Login: reach the Telegram account, creating it from an
 * anonymous requester when it does not exist yet; an anonymous requester's data merges in.
 * Binding: attach Telegram to the requester; a Telegram account that already belongs to another
 * signed-in account is refused with 'Incorrect Auth'.
 */
export async function signInWithTelegram(
  db: Transactional,
  telegram: InitDataUser,
  requester: UserRow | null,
  mode: 'login' | 'binding',
): Promise<UserRow> {
  // Every write below goes through a repository, which drops its caches once this transaction commits.
  return db.transaction(async (tx) => {
    const owner = await findByTelegram(tx, telegram.id);
    if (owner) {
      if (requester && requester.id !== owner.id) {
        if (!requester.isAnonymous && mode === 'binding') throw new IncorrectAuthError();
        if (requester.isAnonymous) await mergeAnonymous(tx, requester, owner);
      }
      await nameIfUnnamed(tx, owner.id, displayName(telegram));
      return (await findUser(tx, owner.id))!;
    }
    if (requester && (requester.isAnonymous || (mode === 'binding' && !requester.telegramId))) {
      await attachTelegram(tx, requester.id, telegram.id, displayName(telegram));
      return (await findUser(tx, requester.id))!;
    }
    if (requester && mode === 'binding') throw new IncorrectAuthError();
    return createTelegramAccount(tx, telegram.id, displayName(telegram));
  });
}
