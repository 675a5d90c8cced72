import { getTableName } from 'drizzle-orm';
import type { Queryable } from '../core/database';
import { callbackRequests } from '../callback/schema';
import { favouriteAlertSettings, favouriteMarks } from '../favourites/schema';
import { mergeFavouriteAlertSettings, mergeFavouriteMarks } from '../favourites/repository';
import { liraProfiles, liraSuggestions } from '../lira/schema';
import { mergeTopProfile } from '../selection/profile-store';
import { mergeReactions } from '../selection/reactions';
import { payments, promocodeRedemptions, subscriptions } from '../subscription/schema';
import { telegramBindings } from './schema';

/**
 * Moves an anonymous user's rows of one table into the account they sign in to, settling conflicts with the
 * account's own rows the way that table needs. Declared next to the table's repository.
 */
export type MergeStep = (tx: Queryable, fromUserId: number, intoUserId: number) => Promise<void>;

export type MergePlanEntry =
  | MergeStep
  /** The anonymous user's rows stay where they are (and go with the anonymous user in the cleanup): why. */
  | { notMerged: string };

/**
 * What signing in does with each table that has a foreign key to `users` (tests/server/cleanup.test.ts holds every
 * such table to an entry here). Steps run in this order, in the sign-in's transaction.
 */
export const MERGE_PLAN: Readonly<Record<string, MergePlanEntry>> = {
  [getTableName(telegramBindings)]: { notMerged: 'a sign-in attempt of the anonymous session: single use, cleared by the cleanup' },
  // Reactions, and so the taste learned from them, and the TOP profile move into the account unless it has its own.
  [getTableName(mergeReactions.table)]: mergeReactions.step,
  [getTableName(mergeTopProfile.table)]: mergeTopProfile.step,
  // Notes move unless the account has its own for that flat; the alert choice unless the account made one.
  [getTableName(favouriteMarks)]: mergeFavouriteMarks,
  [getTableName(favouriteAlertSettings)]: mergeFavouriteAlertSettings,
  [getTableName(liraProfiles)]: { notMerged: 'the AI search is set up by a signed-in subscriber; the account keeps its own' },
  [getTableName(liraSuggestions)]: { notMerged: 'what the AI search suggested belongs to the profile it ran for' },
  [getTableName(subscriptions)]: { notMerged: 'a subscription is bought by a signed-in account only' },
  [getTableName(promocodeRedemptions)]: { notMerged: 'redeemed by a signed-in account only' },
  [getTableName(payments)]: { notMerged: 'paid by a signed-in account only' },
  [getTableName(callbackRequests)]: { notMerged: 'the managers’ record of a request: it keeps naming who asked' },
};
