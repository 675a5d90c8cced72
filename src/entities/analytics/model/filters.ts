import { createEffect, createEvent, createStore, sample } from 'effector';
import { STORAGE_KEYS, readStorage, writeStorage } from '@/shared/lib';
import { DEFAULT_ANALYTICS_FILTERS, parseAnalyticsFilters, type AnalyticsFilters } from '../lib/filters';

/** Spec §9: stored filters are re-read every 1000 ms, so a change made in another tab shows here. */
export const ANALYTICS_FILTERS_POLL_MS = 1000;

/** The user applied new filters here (ANALYTICS_SETTINGS, or the page adopting the current city). */
export const analyticsFiltersChanged = createEvent<AnalyticsFilters>();
/** Time to re-read local storage. */
export const analyticsFiltersPolled = createEvent();

export const readAnalyticsFiltersFx = createEffect(() => readStorage(STORAGE_KEYS.ANALYTICS_FILTERS));
export const saveAnalyticsFiltersFx = createEffect((raw: string) => writeStorage(STORAGE_KEYS.ANALYTICS_FILTERS, raw));

/** The last raw text seen, so an unchanged storage value does not rebuild the filters (and refetch). */
const $raw = createStore<string | null>(null);
export const $analyticsFilters = createStore<AnalyticsFilters>(DEFAULT_ANALYTICS_FILTERS);

sample({ clock: analyticsFiltersPolled, target: readAnalyticsFiltersFx });
sample({
  clock: readAnalyticsFiltersFx.doneData,
  source: $raw,
  filter: (previous, raw) => raw !== previous,
  fn: (_, raw) => raw,
  target: $raw,
});
sample({ clock: $raw.updates, fn: parseAnalyticsFilters, target: $analyticsFilters });

const serialised = sample({ clock: analyticsFiltersChanged, fn: (filters) => JSON.stringify(filters) });
sample({ clock: analyticsFiltersChanged, target: $analyticsFilters });
sample({ clock: serialised, target: saveAnalyticsFiltersFx });
// Our own write is not news on the next poll.
$raw.on(serialised, (_, raw) => raw);

/** True once storage was read: before that the filters are only defaults and must not be saved over it. */
export const $analyticsFiltersReady = createStore(false).on(readAnalyticsFiltersFx.finally, () => true);
