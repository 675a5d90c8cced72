import { createEvent, createStore, sample } from 'effector';
import { drawerClosed, drawerViewRequested, notificationShown } from '@/shared/model';
import { errorMessage } from '@/shared/api';
import type { ApartmentItem } from '@/shared/api';
import { goalReachedFx } from '@/shared/outside';
import type { ReactionAction } from '../lib/with-reaction';

/**
 * The flows around a reaction; the reaction itself and what the cards show are react-query's (api/reaction.ts).
 * A dislike first asks for reasons in the drawer; then the drawer's form sends it.
 */
export const dislikeStarted = createEvent<ApartmentItem>();
export const dislikeReasonsSubmitted = createEvent<string[]>();
/** The server accepted a reaction / refused one (the cards are rolled back by then). */
export const reactionSaved = createEvent<ReactionAction>();
export const reactionFailed = createEvent<ReactionFailure>();

/** A refused or unanswered reaction: why, and how to send it again. */
export interface ReactionFailure {
  error: unknown;
  retry: () => void;
}

/** What a failed reaction says: that it was not saved and was taken back, then why. */
export function reactionFailureText(error: unknown): string {
  return `Оценка не сохранена — вернули как было. ${errorMessage(error)}`;
}

/** The card whose dislike waits for its reasons. */
export const $dislikeTarget = createStore<ApartmentItem | null>(null)
  .on(dislikeStarted, (_, item) => item)
  .reset(dislikeReasonsSubmitted);

sample({ clock: dislikeStarted, fn: () => 'DISLIKE' as const, target: drawerViewRequested });
sample({ clock: dislikeReasonsSubmitted, target: drawerClosed });

sample({
  clock: reactionFailed,
  // The card is back as it was by now, and the toast says so: the buyer must not think the like was kept.
  fn: ({ error, retry }) => ({ text: reactionFailureText(error), retry }),
  target: notificationShown,
});

// Analytics goals: a like and a dislike that the server accepted.
sample({
  clock: reactionSaved,
  filter: (action) => action !== 'RESET_REACTION',
  fn: (action) => (action === 'LIKE' ? ('like' as const) : ('dislike' as const)),
  target: goalReachedFx,
});
