import { createEffect, createEvent, createStore, sample } from 'effector';
import { COMPARE_MAX } from '@/shared/api';
import { STORAGE_KEYS, readJson, writeStorage } from '@/shared/lib';
import { notificationShown } from '@/shared/model';
import { cleanIds } from '../lib/ids';

/** The apartments put side by side, in the order added; kept in this browser's storage. */
export const $compareIds = createStore<number[]>([]);

export const compareRestored = createEvent();
/** Add if absent, take out if present. */
export const compareToggled = createEvent<number>();
export const compareRemoved = createEvent<number>();
/** A shared link's apartments become this browser's list. */
export const compareReplaced = createEvent<number[]>();

const FULL_TEXT = `В сравнении уже ${COMPARE_MAX} квартиры: уберите одну, чтобы добавить другую`;

const readCompareFx = createEffect((): number[] => cleanIds(readJson<unknown>(STORAGE_KEYS.COMPARE_IDS, [])));
const saveCompareFx = createEffect((ids: number[]) => writeStorage(STORAGE_KEYS.COMPARE_IDS, ids.length > 0 ? JSON.stringify(ids) : null));

sample({ clock: compareRestored, target: readCompareFx });
// Only a list that differs is set: the restore runs right after hydration, and a new but equal array would re-render
// every card's compare button at once.
sample({
  clock: readCompareFx.doneData,
  source: $compareIds,
  filter: (current, saved) => saved.length !== current.length || saved.some((id, i) => id !== current[i]),
  fn: (_, saved) => saved,
  target: $compareIds,
});

const toggled = sample({
  clock: compareToggled,
  source: $compareIds,
  fn: (ids, id) =>
    ids.includes(id)
      ? { ids: ids.filter((x) => x !== id), full: false }
      : ids.length >= COMPARE_MAX
        ? { ids, full: true }
        : { ids: [...ids, id], full: false },
});
sample({ clock: toggled, filter: ({ full }) => full, fn: () => ({ text: FULL_TEXT, type: 'info' as const }), target: notificationShown });
const changed = sample({
  clock: [
    sample({ clock: toggled, filter: ({ full }) => !full, fn: ({ ids }) => ids }),
    sample({ clock: compareRemoved, source: $compareIds, fn: (ids, id) => ids.filter((x) => x !== id) }),
    sample({ clock: compareReplaced, fn: (ids) => cleanIds(ids) }),
  ],
});
sample({ clock: changed, target: [$compareIds, saveCompareFx] });
