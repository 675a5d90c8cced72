import { mutationOptions } from '@tanstack/react-query';
import { LIRA_SERVICE_TYPE } from '@kvarta/contract/lira-rules';
import { api } from '@/shared/api';
import type { ReactionAction, ReactionVariables } from '../lib/with-reaction';

export type { ReactionVariables } from '../lib/with-reaction';

/** What the user is told and what is counted, whoever started the reaction (it may outlive its card). */
export interface ReactionReport {
  saved: (action: ReactionAction) => void;
  failed: (error: unknown, variables: ReactionVariables) => void;
}

const REACTION_MUTATION_KEY = ['reaction'] as const;

/**
 * What a reaction does to the cache, loaded apart: the first screen shows cards long before anyone reacts. Asked for as
 * soon as a hand or the focus comes to a reaction button, so it is there by the press.
 */
const reactionCache = () => import('./reaction-cache');
export const warmUpReactions = (): void => void reactionCache().catch(() => undefined);
/**
 * The cache code, or null when it cannot be had (offline before it was ever loaded): the reaction is then sent without
 * showing early, and fails or succeeds on its own; it must still say so, not stop at a chunk error.
 */
const cacheCode = () => reactionCache().catch(() => null);

/**
 * A like, a dislike with its reasons, or a reset (spec §4 Reactions). Only one is in flight at a time: the next waits
 * for it. AI-search items go to the LIRA feedback endpoint, everything else to the TOP one.
 */
export function reactionMutationOptions(userId: number | null, report?: ReactionReport) {
  return mutationOptions({
    mutationKey: REACTION_MUTATION_KEY,
    scope: { id: REACTION_MUTATION_KEY[0] },
    mutationFn: ({ item, action, notices }: ReactionVariables) =>
      api.call(item.selectionType === LIRA_SERVICE_TYPE ? 'liraFeedback' : 'topReaction', {
        body: { apartmentId: item.id, action, notices: action === 'DISLIKE' ? (notices ?? []) : [] },
        // The buyer watches the card: an unanswered reaction is rolled back and reported within 3 s.
        deadline: 'action',
      }),
    onMutate: async (variables, { client }) => (await cacheCode())?.showReaction(client, userId, variables),
    onSuccess: (_answer, { action }) => report?.saved(action),
    onError: async (error, variables, optimistic, { client }) => {
      if (optimistic) (await cacheCode())?.takeBack(client, optimistic.touched);
      report?.failed(error, variables);
    },
    onSettled: async (_answer, _error, variables, optimistic, { client }) =>
      (await cacheCode())?.readAgainAfterReaction(client, userId, variables, optimistic),
  });
}
