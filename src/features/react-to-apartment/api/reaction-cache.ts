import type { Query, QueryClient, QueryKey } from '@tanstack/react-query';
import { favouriteKeys, selectionInfoKeys, topKeys } from '@/entities/apartment';
import { LIRA_SERVICE_TYPE } from '@kvarta/contract/lira-rules';
import { QUERY_ROOT } from '@/shared/api';
import type { ApartmentItem } from '@/shared/api';
import { reacted, withApartment, type ReactionVariables } from '../lib/with-reaction';

/** The roots whose answers carry apartment cards, each showing the user's reaction. */
const CARD_ROOTS: readonly unknown[] = [QUERY_ROOT.TOP, QUERY_ROOT.FAVOURITES, QUERY_ROOT.LIRA, QUERY_ROOT.APARTMENT];

interface Touched {
  query: Query;
  before: unknown;
  patchedAt: number;
}

/**
 * What onMutate did: the answers rewritten, the reads it stopped (asked before the reaction, they are out of date), and a
 * watch over the card lists that arrive while the reaction is on its way: a list asked for after the press (the
 * visitor's own TOP replacing the first-visit one) may have been answered before the server saved the reaction.
 */
export interface Optimistic {
  touched: Touched[];
  interrupted: QueryKey[];
  /** Stops the watch and says which card answers came from the server meanwhile. */
  answeredMeanwhile: () => Query[];
}

const holdsCards = (query: Query) => CARD_ROOTS.includes(query.queryKey[0]);

function watchAnswers(client: QueryClient): () => Query[] {
  const answered = new Set<Query>();
  const stop = client.getQueryCache().subscribe((event) => {
    // `manual` marks setQueryData (our own patches); only a fetch's answer can be older than the reaction.
    if (event.type !== 'updated' || event.action.type !== 'success' || event.action.manual) return;
    const query = client.getQueryCache().get(event.query.queryHash);
    if (query && holdsCards(query)) answered.add(query);
  });
  return () => {
    stop();
    return [...answered];
  };
}

/** Every cached answer that shows the apartment, showing the reaction at once (spec §4: optimistic). */
export async function showReaction(
  client: QueryClient,
  userId: number | null,
  { item, action, notices }: ReactionVariables,
): Promise<Optimistic> {
  // A read in flight was asked before the reaction: landing after it, it would take the reaction back (the visitor's
  // own TOP arriving under a first-screen TOP they already liked on). Stopped now, it is asked again once settled.
  const inFlight = client.getQueryCache().findAll({ predicate: (q) => holdsCards(q) && q.state.fetchStatus === 'fetching' });
  await Promise.all(inFlight.map((query) => client.cancelQueries({ queryKey: query.queryKey, exact: true })));
  const answeredMeanwhile = watchAnswers(client);
  const touched: Touched[] = [];
  const patch = (query: Query, next: (data: unknown) => unknown) => {
    const before = query.state.data;
    const after = next(before);
    if (after === before) return;
    client.setQueryData(query.queryKey, after);
    touched.push({ query, before, patchedAt: query.state.dataUpdatedAt });
  };
  const cards = client.getQueryCache().findAll({ predicate: (q) => holdsCards(q) && q.state.data !== undefined });
  for (const query of cards) patch(query, (data) => withApartment(data, item.id, (card) => reacted(card, action, notices)));
  // A like joins the favourites already known, so «В избранном» shows at once wherever they are read.
  const favourites = client.getQueryCache().find<ApartmentItem[]>({ queryKey: favouriteKeys.liked(userId), exact: true });
  if (action === 'LIKE' && favourites?.state.data && !favourites.state.data.some((card) => card.id === item.id)) {
    patch(favourites as Query, (data) => [...(data as ApartmentItem[]), { ...reacted(item, action), selectionType: 'FAV' }]);
  }
  return { touched, interrupted: inFlight.map((query) => query.queryKey), answeredMeanwhile };
}

/** The server refused: each answer goes back to what it was, unless it was dropped or answered anew since. */
export function takeBack(client: QueryClient, touched: readonly Touched[]): void {
  for (const { query, before, patchedAt } of touched) {
    if (client.getQueryCache().get(query.queryHash) !== query || query.state.dataUpdatedAt !== patchedAt) continue;
    client.setQueryData(query.queryKey, before);
  }
}

/**
 * What a reaction changes on the server, read again. Favourites when a like came or went, the apartment's AI index
 * (it learns from reactions). The ranked lists show the reaction already and keep their order under the user's finger:
 * marked stale, read again on the next visit — except where spec §4 wants them now: a reaction in the AI search
 * updates its lists, one in favourites resets the TOP and the AI search.
 */
export async function readAgainAfterReaction(
  client: QueryClient,
  userId: number | null,
  { item, action }: ReactionVariables,
  optimistic: Optimistic | undefined,
): Promise<void> {
  const fromFavourites = item.selectionType === 'FAV';
  const fromAiSearch = item.selectionType === LIRA_SERVICE_TYPE;
  const now = 'active' as const;
  const later = 'none' as const;
  // Lists answered while the reaction travelled, or still travelling now, may not have it: they are asked again (they
  // were being replaced anyway, so no order under the buyer's finger is lost).
  const meanwhile = [
    ...(optimistic?.answeredMeanwhile() ?? []),
    ...client.getQueryCache().findAll({ predicate: (q) => holdsCards(q) && q.state.fetchStatus === 'fetching' }),
  ].map((query) => query.queryKey);
  await Promise.all([
    action === 'LIKE' || item.type === 'LIKED' ? client.invalidateQueries({ queryKey: favouriteKeys.liked(userId) }) : null,
    client.invalidateQueries({ queryKey: selectionInfoKeys.of(item.id, userId) }),
    client.invalidateQueries({ queryKey: topKeys.ofUser(userId), refetchType: fromFavourites ? now : later }),
    client.invalidateQueries({ queryKey: [QUERY_ROOT.LIRA], refetchType: fromFavourites || fromAiSearch ? now : later }),
    // The reads the reaction stopped are asked again, now that the server has it.
    ...[...(optimistic?.interrupted ?? []), ...meanwhile].map((queryKey) => client.invalidateQueries({ queryKey, exact: true })),
  ]);
}
