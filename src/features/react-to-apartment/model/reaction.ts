import { createEffect, createEvent, createStore, sample, scopeBind } from 'effector';
import { LIRA_SERVICE_TYPE } from '@kvarta/contract/lira-service';
import { $userId, identityChanged } from '@/entities/session';
import { drawerClosed, drawerViewRequested, notificationShown } from '@/shared/model';
import { api, errorMessage } from '@/shared/api';
import type { ApartmentItem } from '@/shared/api';
import { goalReachedFx } from '@/shared/outside';
import { $reactionShadows, shadowOf, type ReactionVariables } from './shadow';

/**
 * A reaction's whole flow (spec §4 Reactions): shown at once through the shadow, sent one at a time in the order
 * pressed, taken back and reported if refused. A dislike first asks for reasons in the drawer; then its form sends it.
 */
export const reactionRequested = createEvent<ReactionVariables>();
export const dislikeStarted = createEvent<ApartmentItem>();
export const dislikeReasonsSubmitted = createEvent<string[]>();

interface Press {
  variables: ReactionVariables;
  press: number;
}

/** AI-search items go to the LIRA feedback endpoint, everything else to the TOP one. */
export const sendReactionFx = createEffect(({ variables: { item, action, notices } }: Press) =>
  api.call(item.selectionType === LIRA_SERVICE_TYPE ? 'liraFeedback' : 'topReaction', {
    body: { apartmentId: item.id, action, notices: action === 'DISLIKE' ? (notices ?? []) : [] },
    // The buyer watches the card: an unanswered reaction is taken back and reported within 3 s.
    deadline: 'action',
  }),
);

/** The server has a reaction, or refused it: what it changed is read again (the app wires the server cache to it). */
export const reactionSettled = sendReactionFx.finally.map(({ params }) => params.variables);

const $pressCount = createStore(0).on(reactionRequested, (count) => count + 1);
/** Presses not yet answered, the first one on its way. */
const $queue = createStore<Press[]>([]).on(sendReactionFx.finally, (queue) => queue.slice(1));
/** The apartments whose reaction is on its way or waiting for one before it: their buttons wait. */
export const $reactingIds = $queue.map((queue) => new Set(queue.map(({ variables }) => variables.item.id)));
const $sending = createStore(false)
  .on(sendReactionFx, () => true)
  .on(sendReactionFx.finally, () => false);

const pressed = sample({ clock: reactionRequested, source: $pressCount, fn: (press, variables): Press => ({ variables, press }) });
$queue.on(pressed, (queue, press) => [...queue, press]);
$reactionShadows.on(pressed, (shadows, { variables, press }) => ({ ...shadows, [variables.item.id]: shadowOf(variables, press) }));

// One in flight at a time: the next waits for the answer to the one before it, and the first for the session that
// will own it (a press on the server's first screen comes before it).
sample({
  clock: [pressed, sendReactionFx.finally, $userId.updates],
  source: { queue: $queue, sending: $sending, userId: $userId },
  filter: ({ queue, sending, userId }) => userId !== null && !sending && queue.length > 0,
  fn: ({ queue }) => queue[0]!,
  target: sendReactionFx,
});

// Refused: the card goes back to what the cache says, unless a later press cast its own shadow since.
$reactionShadows.on(sendReactionFx.fail, (shadows, { params: { variables, press } }) => {
  if (shadows[variables.item.id]?.press !== press) return shadows;
  const { [variables.item.id]: _taken, ...rest } = shadows;
  return rest;
});
// Another person's reactions are not this one's: the overlay starts empty for them.
$reactionShadows.reset(identityChanged);
$queue.reset(identityChanged);

/** What a failed reaction says: that it was not saved and was taken back, then why. */
export function reactionFailureText(error: unknown): string {
  return `Оценка не сохранена — вернули как было. ${errorMessage(error)}`;
}

// The card is back as it was by now, and the toast says so: the buyer must not think the like was kept. «Повторить»
// presses the same reaction again, in this scope.
const failureToastFx = createEffect(({ error, params }: { error: unknown; params: Press }) => {
  const again = scopeBind(reactionRequested, { safe: true });
  return { text: reactionFailureText(error), retry: () => again(params.variables) };
});
sample({ clock: sendReactionFx.fail, target: failureToastFx });
sample({ clock: failureToastFx.doneData, target: notificationShown });

/** The card whose dislike waits for its reasons. */
export const $dislikeTarget = createStore<ApartmentItem | null>(null)
  .on(dislikeStarted, (_, item) => item)
  .reset(dislikeReasonsSubmitted);

sample({ clock: dislikeStarted, fn: () => 'DISLIKE' as const, target: drawerViewRequested });
sample({ clock: dislikeReasonsSubmitted, target: drawerClosed });

// Analytics goals: a like and a dislike that the server accepted.
sample({
  clock: sendReactionFx.done,
  filter: ({ params }) => params.variables.action !== 'RESET_REACTION',
  fn: ({ params }) => (params.variables.action === 'LIKE' ? ('like' as const) : ('dislike' as const)),
  target: goalReachedFx,
});
