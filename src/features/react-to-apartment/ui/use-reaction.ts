import { useMutation } from '@tanstack/react-query';
import { useUnit } from 'effector-react';
import { $userId } from '@/entities/session';
import { reactionMutationOptions, warmUpReactions, type ReactionVariables } from '../api/reaction';
import { reactionFailed, reactionSaved } from '../model/reaction';

/** A hand or the focus coming to a reaction button: what the press will need starts loading. */
const intent = { onPointerEnter: warmUpReactions, onPointerDown: warmUpReactions, onFocus: warmUpReactions };

/**
 * Sends a reaction for the current user; `busy` while this one is on its way. Reactions from different cards queue
 * behind each other (the mutation's scope: spec §4, one in flight at a time). `intent` goes on the buttons.
 */
export function useReaction(): { react: (variables: ReactionVariables) => void; busy: boolean; intent: typeof intent } {
  const [userId, saved, failed] = useUnit([$userId, reactionSaved, reactionFailed]);
  // «Повторить» on the failure's toast sends the same reaction again through this hook's mutation.
  const mutation = useMutation(
    reactionMutationOptions(userId, { saved, failed: (error, variables) => failed({ error, retry: () => mutation.mutate(variables) }) }),
  );
  return { react: mutation.mutate, busy: mutation.isPending, intent };
}
