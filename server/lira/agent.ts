import { isLiraRunning } from '@kvarta/contract/lira-rules';
import type { AppContext } from '../context';
import { liraRankQuery } from '../ranking';
import { preferenceOf, reactionsOf } from '../selection/reactions';
import { findSubscription, isValidSubscription } from '../subscription/subscriptions';
import { notifyBatch } from './notify';
import { findLiraProfile } from './profiles';
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
export async function runMatcher(ctx: AppContext, userId: number, options: MatcherOptions = DEFAULT_MATCHER): Promise<MatchResult> {
  const now = ctx.now();
  const profile = await findLiraProfile(ctx.db, userId);
  if (!profile || !isLiraRunning(profile.status)) return { added: [], status: profile?.status ?? null, notified: 0 };
  const subscription = await findSubscription(ctx.db, userId);
  if (!isValidSubscription(subscription, now)) return { added: [], status: profile.status, notified: 0 };

  const [existing, reactions, preference] = await Promise.all([
    suggestionsOf(ctx.db, userId),
    reactionsOf(ctx.db, userId),
    preferenceOf(ctx.db, userId),
  ]);
  const exclude = new Set<number>([...existing.map((s) => s.apartmentId), ...reactions.keys()]);
  // No batch yet, or the profile changed since (its unrated suggestions were archived): a full first batch.
  const first = profile.lastBatchAt === null;
  const size = first ? options.firstBatch : options.nextBatch;
  const limit = options.onlyIds ? (options.newListingHorizon ?? 150) : size;
  const cityId = profile.payload.filters.cityIds[0]!;
  const ranked = ctx.engine.rank(cityId, liraRankQuery(profile.payload, profile.settings, { limit, preference, exclude }));
  const picked = (options.onlyIds ? ranked.items.filter((r) => options.onlyIds!.has(r.id)) : ranked.items).slice(0, size);

  const batch = existing.reduce((m, s) => Math.max(m, s.batch), 0) + 1;
  const added: SuggestionRow[] = [];
  for (const [i, r] of picked.entries()) {
    // Within a batch the better one is "newer" by a millisecond, so date order keeps the ranking.
    const suggestedAt = new Date(now.getTime() + (picked.length - i));
    const { rows } = await ctx.db.query(
      `INSERT INTO lira_suggestions (user_id, apartment_id, suggested_at, suggestion_type, relevance_percent, batch) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT DO NOTHING RETURNING apartment_id`,
      [userId, r.id, suggestedAt.toISOString(), r.isAlternative ? 'ALTERNATIVE' : 'MAIN', r.relevancePercent, batch],
    );
    if (rows.length > 0)
      added.push({
        apartmentId: r.id,
        suggestedAt,
        suggestionType: r.isAlternative ? 'ALTERNATIVE' : 'MAIN',
        relevancePercent: r.relevancePercent,
        batch,
        archived: false,
      });
  }
  // A profile changed during the run has archived its list and waits for a fresh first batch: keep it waiting.
  if (added.length > 0) {
    await ctx.db.query('UPDATE lira_profiles SET last_batch_at = $2 WHERE user_id = $1 AND payload = $3::jsonb AND settings = $4::jsonb', [
      userId,
      now.toISOString(),
      JSON.stringify(profile.payload),
      JSON.stringify(profile.settings),
    ]);
  }

  let status: string = profile.status;
  if (profile.status === 'START' && (added.length > 0 || existing.some((s) => !s.archived))) {
    // Only from START: a Stop the user pressed during this run wins.
    const next = subscription!.status === 'CANCELLED' ? 'CANCELLED' : 'ACTIVE';
    const { rows } = await ctx.db.query<{ status: string }>(
      `UPDATE lira_profiles SET status = $2, updated_at = $3 WHERE user_id = $1 AND status = 'START' RETURNING status`,
      [userId, next, now.toISOString()],
    );
    status = rows[0]?.status ?? (await findLiraProfile(ctx.db, userId))?.status ?? next;
  }
  const notified = added.length > 0 ? await notifyBatch(ctx, userId, profile, added, options.sendLimit) : 0;
  return { added, status, notified };
}

/**
 * A changed profile starts a fresh list: the suggestions the user has not rated are archived (hidden,
 * and still never suggested again); rated ones stay.
 */
export async function archiveUnratedSuggestions(ctx: AppContext, userId: number): Promise<void> {
  await ctx.db.query(
    `UPDATE lira_suggestions s SET archived = true WHERE s.user_id = $1 AND NOT s.archived
       AND NOT EXISTS (SELECT 1 FROM reactions r WHERE r.user_id = s.user_id AND r.apartment_id = s.apartment_id)`,
    [userId],
  );
  await ctx.db.query('UPDATE lira_profiles SET last_batch_at = NULL WHERE user_id = $1', [userId]);
}
