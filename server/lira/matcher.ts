import { liraRuns, liraTransition } from '@kvarta/contract/lira-status';
import { isPersonalised } from '../auth/users';
import { liraRankQuery, withBuyerModel } from '../ranking';
import { buyerPriors } from '../selection/buyer-model';
import { reactionsOf } from '../selection/repository/reactions';
import { findSubscription } from '../subscription/subscriptions';
import type { Queryable } from '../core/database';
import { notifyPending, type NotifyNeeds } from './notify';
import { addSuggestion, archiveUnrated, findLiraProfile, lockLiraProfile, setLastBatchAt, type StoredProfile } from './repository';
import { liraStateOf, moveLiraStatus } from './status';
import { suggestionsOf, type SuggestionRow } from './suggestions';

export interface MatcherOptions {
  /** How many the first batch brings. */
  firstBatch: number;
  /** How many a later batch brings at most. */
  nextBatch: number;
  /**
   * Only these listings may join (new ones after a market tick), and only if they rank among the
   * user's best `newListingHorizon` remaining ones — a new listing has to be worth a message.
   */
  onlyIds?: ReadonlySet<number>;
  newListingHorizon?: number;
  /** Messages per batch at most (nobody gets spammed). */
  sendLimit: number;
  /**
   * A later batch only once the last is this old (the job's cadence; 0 = whenever asked). Checked under the
   * profile's lock, so two workers woken for one user at once add one batch, not two.
   */
  minGapMs?: number;
}

export const DEFAULT_MATCHER: MatcherOptions = { firstBatch: 10, nextBatch: 3, newListingHorizon: 150, sendLimit: 5 };

export interface MatchResult {
  added: SuggestionRow[];
  status: string | null;
  notified: number;
}

/**
 * One step of the agent for one user: if the profile runs (START/ACTIVE/CANCELLED) and the
 * subscription is valid, rank the city with the profile, its alternatives and the learned taste,
 * leave out everything suggested or rated before, store the best as a new batch, move START to
 * ACTIVE (CANCELLED if the subscription is cancelled) once suggestions exist, and message the batch.
 */
export async function runMatcher(ctx: NotifyNeeds, userId: number, options: MatcherOptions = DEFAULT_MATCHER): Promise<MatchResult> {
  // The profile's row is locked while the batch is chosen and stored: runs for one user, on any worker, take turns.
  const step = await ctx.db.transaction(async (tx) => {
    await lockLiraProfile(tx, userId);
    return addBatch(ctx, tx, userId, options);
  });
  if (!step.profile) return { added: step.added, status: step.status, notified: 0 };
  // Sent after the lock is gone, under the user's send lease; it also finishes a batch a crashed worker left half sent.
  const notified = await notifyPending(ctx, userId, step.profile, options.sendLimit);
  return { added: step.added, status: step.status, notified };
}

async function addBatch(
  ctx: NotifyNeeds,
  db: Queryable,
  userId: number,
  options: MatcherOptions,
): Promise<{ added: SuggestionRow[]; status: string | null; profile: StoredProfile | null }> {
  const now = ctx.now();
  const profile = await findLiraProfile(db, userId);
  if (!profile) return { added: [], status: null, profile: null };
  const subscription = await findSubscription(db, userId);
  if (!liraRuns(liraStateOf(profile.status, subscription, now))) return { added: [], status: profile.status, profile: null };
  // AI search recommends from the person's wishes and ratings: with «Персональные рекомендации» off (149-FZ art.
  // 10.2-2) it finds nothing new and sends nothing, until they are on again; the profile and its suggestions stay.
  if (!(await isPersonalised(db, userId))) return { added: [], status: profile.status, profile: null };
  // No batch yet, or the profile changed since (its unrated suggestions were archived): a full first batch.
  const first = profile.lastBatchAt === null;
  const due = first || options.onlyIds !== undefined || now.getTime() - profile.lastBatchAt!.getTime() >= (options.minGapMs ?? 0);
  if (!due) return { added: [], status: profile.status, profile };

  const [existing, reactions] = await Promise.all([suggestionsOf(db, userId), reactionsOf(db, userId)]);
  // The same model as every surface (selection/buyer-model.ts): with a profile, its wishes are the priors.
  const model = { ...buyerPriors(profile, undefined), ratings: ctx.engine.ratings(reactions) };
  const exclude = new Set<number>([...existing.map((s) => s.apartmentId), ...reactions.keys()]);
  const size = first ? options.firstBatch : options.nextBatch;
  const limit = options.onlyIds ? (options.newListingHorizon ?? 150) : size;
  const cityId = profile.payload.filters.cityIds[0]!;
  const ranked = ctx.engine.rank(
    cityId,
    withBuyerModel(liraRankQuery(profile.payload, profile.settings, { limit, seed: userId, exclude }), model),
  );
  const picked = (options.onlyIds ? ranked.items.filter((r) => options.onlyIds!.has(r.id)) : ranked.items).slice(0, size);

  const batch = existing.reduce((m, s) => Math.max(m, s.batch), 0) + 1;
  const added: SuggestionRow[] = [];
  for (const [i, r] of picked.entries()) {
    // Within a batch the better one is "newer" by a millisecond, so date order keeps the ranking.
    const suggestedAt = new Date(now.getTime() + (picked.length - i));
    const suggestion = {
      apartmentId: r.id,
      suggestedAt,
      suggestionType: r.isAlternative ? ('ALTERNATIVE' as const) : ('MAIN' as const),
      relevancePercent: r.relevancePercent,
      batch,
    };
    if (await addSuggestion(db, userId, suggestion)) added.push({ ...suggestion, archived: false });
  }
  if (added.length > 0) await setLastBatchAt(db, userId, now);

  let status: string = profile.status;
  if (added.length > 0 || existing.some((s) => !s.archived)) {
    const next = liraTransition(liraStateOf(profile.status, subscription, now), { kind: 'firstBatch' }).profile;
    if (next !== profile.status && (await moveLiraStatus(db, userId, profile.status, next, now))) status = next;
  }
  return { added, status, profile };
}

/**
 * A changed profile starts a fresh list: the suggestions the user has not rated are archived (hidden,
 * and still never suggested again); rated ones stay.
 */
export async function archiveUnratedSuggestions(ctx: NotifyNeeds, userId: number): Promise<void> {
  // Under the profile's lock: a batch being stored right now is either archived with the rest or comes after.
  await ctx.db.transaction(async (tx) => {
    await lockLiraProfile(tx, userId);
    await archiveUnrated(tx, userId);
    await setLastBatchAt(tx, userId, null);
  });
}
