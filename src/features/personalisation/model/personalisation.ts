import { createEffect, createEvent, createStore, sample } from 'effector';
import { $userId, identityChanged } from '@/entities/session';
import { api, errorMessage } from '@/shared/api';
import { notificationShown, personalisationChanged } from '@/shared/model';

/**
 * The «Персональные рекомендации» switch (149-FZ art. 10.2-2): the new position shows at once, is saved, and goes back
 * with a toast if the server refuses it. react-query keeps the saved value; the app reads again what it changes.
 */
export const personalisationToggled = createEvent<boolean>();

export const savePersonalisationFx = createEffect((personalised: boolean) =>
  api.call('personalisationSet', { body: { personalised }, deadline: 'action' }),
);

// Saved: the server's answer is said (the app puts it in the cache and reads TOP, the indexes and AI search again).
sample({ clock: savePersonalisationFx.doneData, target: personalisationChanged });

export const $personalisationSaving = savePersonalisationFx.pending;

// One change at a time, and only with a session to save it for.
const accepted = sample({
  clock: personalisationToggled,
  source: { userId: $userId, saving: $personalisationSaving },
  filter: ({ userId, saving }) => userId !== null && !saving,
  fn: (_, wanted) => wanted,
});
sample({ clock: accepted, target: savePersonalisationFx });

/**
 * The position asked for and not yet saved; null: the switch shows what the server said (a refusal lands here: the
 * switch goes back by itself). On success the app has put the answer in the cache by the time this is emptied.
 */
export const $pendingPersonalisation = createStore<boolean | null>(null, { serialize: 'ignore' })
  .on(accepted, (_, wanted) => wanted)
  .reset(savePersonalisationFx.finally, identityChanged);

/** What a refused change says: that the switch went back, then why. */
export function personalisationFailureText(error: unknown): string {
  return `Не удалось переключить персональные рекомендации — вернули как было. ${errorMessage(error)}`;
}

sample({
  clock: savePersonalisationFx.failData,
  fn: (error) => ({ text: personalisationFailureText(error) }),
  target: notificationShown,
});
