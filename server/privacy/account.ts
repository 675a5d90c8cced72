import type { AccountDeleteResponse, PersonalData } from '@kvarta/contract/cabinet';
import { findByTelegram } from '../auth/accounts';
import { applyEffects, type Effect, type SettlementNeeds } from '../subscription/settlement';
import { receiptEmailsOf } from '../subscription/repository/payments';
import { findSubscription } from '../subscription/subscriptions';
import { erasePersonalData } from './personal-data';
import { readableExport, type ReadableExportNeeds } from './readable-export';

/** «Мои данные» and «Скачать мои данные»: a session without a row yet has nothing stored (every section empty). */
export function personalDataOf(ctx: ReadableExportNeeds, userId: number): Promise<PersonalData> {
  return readableExport(ctx, userId);
}

/**
 * «Удалить аккаунт и данные» (and the bot's /delete): a renewal stops at its provider first (a queued job, as the
 * cancel does: nothing is charged for a deleted account), then the person's rows go in one transaction (payments stay
 * without personal fields, personal-data.ts), and the stored jobs naming them (server/infra/job-queue.ts), then every instance forgets the user: the next request with any of
 * their tokens is refused as revoked, on this instance at once and on the others when the bus tells them.
 */
export async function deleteAccount(ctx: SettlementNeeds, userId: number): Promise<AccountDeleteResponse> {
  const subscription = await findSubscription(ctx.db, userId);
  const effects: Effect[] = [];
  if (subscription?.autoRenewal && subscription.plan && subscription.providerSubscriptionId) {
    effects.push({
      kind: 'cancelAtProvider',
      method: subscription.plan.method,
      subscriptionId: subscription.providerSubscriptionId,
      telegramUserId: subscription.providerUserId,
    });
  }
  // Read before the payments lose them: the jobs that name the person are found by these too.
  const emails = await receiptEmailsOf(ctx.db, userId);
  const erased = await ctx.db.transaction((tx) => erasePersonalData(tx, userId));
  if (!erased) return { deleted: {}, kept: {} };
  await ctx.queue.forget({ userId, telegramId: erased.telegramId, emails });
  // The users repository made every instance forget the user once the transaction committed.
  await applyEffects(ctx, effects);
  return { deleted: erased.deleted, kept: erased.kept };
}

export const DELETE_ACCOUNT_CALLBACK = 'account:delete';
export const KEEP_ACCOUNT_CALLBACK = 'account:keep';

export const DELETE_CONFIRM_TEXT = [
  'Удалить аккаунт и данные «Кварты»?',
  '',
  'Удалятся профиль, настройки ТОПа и ИИ Поиска, реакции, избранное, подписка и привязка Telegram; все сеансы на сайте и в приложении завершатся. Платежи останутся без личных данных: их требует хранить закон о бухгалтерском учёте.',
  '',
  'Это нельзя отменить.',
].join('\n');
export const DELETED_TEXT =
  'Готово: аккаунт и данные «Кварты» удалены, все сеансы завершены. Платежи сохранены без личных данных, как требует закон. Спасибо, что были с нами.';
const NO_ACCOUNT_TEXT = 'У этого Telegram нет профиля в «Кварте»: удалять нечего.';

/** «Удалить» under the bot's /delete: the presser's own account, found by their Telegram id. */
export async function deleteTelegramAccount(ctx: SettlementNeeds, telegramUserId: number): Promise<string> {
  const account = await findByTelegram(ctx.db, telegramUserId);
  if (!account) return NO_ACCOUNT_TEXT;
  await deleteAccount(ctx, account.id);
  return DELETED_TEXT;
}
