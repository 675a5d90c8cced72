import { createEffect, createEvent, createStore, sample } from 'effector';
import { $userId, identityChanged } from '@/entities/session';
import { api, errorMessage } from '@/shared/api';
import { QUERY_ROOT } from '@/shared/config/query';
import { notificationShown, serverDataChanged } from '@/shared/model';

/**
 * The «Персональные рекомендации» switch (149-FZ art. 10.2-2): the new position shows at once, is saved, and goes back
 * with a toast if the server refuses it. react-query keeps the server's value; the app reads again what it changes.
 */
export const personalisationToggled = createEvent<boolean>();

export const savePersonalisationFx = createEffect((personalised: boolean) =>
  api.call('personalisationSet', { body: { personalised }, deadline: 'action' }),
);

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
 * The position this tab chose, laid over the cached one (as a reaction's shadow is over its card): shown at once, kept
 * once saved (so the switch does not flick back while the cache is read again), taken back if refused, and emptied
 * for another person. null: the switch shows what the server said.
 */
export const $personalisationShadow = createStore<boolean | null>(null, { serialize: 'ignore' })
  .on(accepted, (_, wanted) => wanted)
  .on(savePersonalisationFx.doneData, (_, saved) => saved.personalised)
  .reset(savePersonalisationFx.fail, identityChanged);

// Saved: the switch itself, TOP (list, map, sidebar), every AI index, AI search's lists and the favourites' cards are
// ranked or scored otherwise now — the app reads them again.
const CHANGED_ROOTS = [QUERY_ROOT.PERSONALISATION, QUERY_ROOT.TOP, QUERY_ROOT.SELECTION_INFO, QUERY_ROOT.LIRA, QUERY_ROOT.FAVOURITES];
for (const root of CHANGED_ROOTS) sample({ clock: savePersonalisationFx.done, fn: () => root, target: serverDataChanged });

/** What a refused change says: that the switch went back, then why. */
export function personalisationFailureText(error: unknown): string {
  return `Не удалось переключить персональные рекомендации — вернули как было. ${errorMessage(error)}`;
}

sample({
  clock: savePersonalisationFx.failData,
  fn: (error) => ({ text: personalisationFailureText(error) }),
  target: notificationShown,
});
