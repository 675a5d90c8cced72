import type { QueryClient } from '@tanstack/react-query';
import { favouriteKeys, selectionInfoKeys, topKeys } from '@/entities/apartment';
import { LIRA_SERVICE_TYPE } from '@kvarta/contract/lira-rules';
import { QUERY_ROOT } from '@/shared/api';
import type { ReactionVariables } from '../model/shadow';

/**
 * What a reaction changes on the server, read again once it settled. Favourites when a like came or went, the
 * apartment's AI index (it learns from reactions). The ranked lists show the reaction through its shadow and keep their
 * order under the user's finger: marked stale, read again on the next visit — except where spec §4 wants them now: a
 * reaction in the AI search updates its lists, one in favourites resets the TOP and the AI search.
 */
export async function readAgainAfterReaction(
  client: QueryClient,
  userId: number | null,
  { item, action }: ReactionVariables,
): Promise<void> {
  const fromFavourites = item.selectionType === 'FAV';
  const fromAiSearch = item.selectionType === LIRA_SERVICE_TYPE;
  const now = 'active' as const;
  const later = 'none' as const;
  await Promise.all([
    action === 'LIKE' || item.type === 'LIKED' ? client.invalidateQueries({ queryKey: favouriteKeys.liked(userId) }) : null,
    client.invalidateQueries({ queryKey: selectionInfoKeys.of(item.id, userId) }),
    client.invalidateQueries({ queryKey: topKeys.ofUser(userId), refetchType: fromFavourites ? now : later }),
    client.invalidateQueries({ queryKey: [QUERY_ROOT.LIRA], refetchType: fromFavourites || fromAiSearch ? now : later }),
  ]);
}
