import type { QueryClient } from '@tanstack/react-query';
import { favouriteKeys, selectionInfoKeys, topKeys } from '@/entities/apartment';
import { LIRA_SERVICE_TYPE } from '@kvarta/contract/lira-service';
import { QUERY_ROOT } from '@/shared/api';
import type { ReactionVariables } from '../model/shadow';

/** A rating that says why, or the undoing of one: the buyer is told what it taught and the TOP shows it now. */
const teachesWithReasons = ({ item, action, notices }: ReactionVariables) =>
  (action === 'DISLIKE' && (notices?.length ?? 0) > 0) || (action === 'RESET_REACTION' && item.type === 'DISLIKED');

/**
 * What a reaction changes on the server, read again once it settled. Favourites when a like came or went, and every
 * AI index of this user (one model of the buyer learns from every rating). The ranked lists show the reaction through
 * its shadow and keep their order under the user's finger: marked stale, read again on the next visit — except where
 * spec §4 wants them now: a reaction in the AI search updates its lists, one in favourites resets the TOP and the AI
 * search; and a rating with reasons (or its undoing) reads the TOP now, whose page keeps the cards already seen in
 * their places (pages/top/lib/keep-seen.ts).
 */
export async function readAgainAfterReaction(client: QueryClient, userId: number | null, variables: ReactionVariables): Promise<void> {
  const { item, action } = variables;
  const fromFavourites = item.selectionType === 'FAV';
  const fromAiSearch = item.selectionType === LIRA_SERVICE_TYPE;
  const now = 'active' as const;
  const later = 'none' as const;
  await Promise.all([
    action === 'LIKE' || item.type === 'LIKED' ? client.invalidateQueries({ queryKey: favouriteKeys.liked(userId) }) : null,
    client.invalidateQueries({ queryKey: selectionInfoKeys.all, predicate: (query) => query.queryKey[2] === userId }),
    client.invalidateQueries({
      queryKey: topKeys.ofUser(userId),
      refetchType: fromFavourites || teachesWithReasons(variables) ? now : later,
    }),
    client.invalidateQueries({ queryKey: [QUERY_ROOT.LIRA], refetchType: fromFavourites || fromAiSearch ? now : later }),
  ]);
}
