import { createEffect, createEvent, createStore, sample } from 'effector';
import { LIRA_SORTS, type LiraSort } from '@kvarta/contract/lira-rules';
import { STORAGE_KEYS, readStorage, writeStorage } from '@/shared/lib';

/** Sort and show-sold of the AGENT list, kept in local storage under liraSort / liraShowSold (spec §3). */
export const liraViewRestored = createEvent();
export const liraSortChosen = createEvent<LiraSort>();
export const liraShowSoldToggled = createEvent<boolean>();
const readSort = (): LiraSort => {
  const saved = readStorage(STORAGE_KEYS.LIRA_SORT);
  return (LIRA_SORTS as readonly string[]).includes(saved ?? '') ? (saved as LiraSort) : 'SUGGESTION_DATE_DESC';
};
export const readLiraViewFx = createEffect(() => ({ sort: readSort(), showSold: readStorage(STORAGE_KEYS.LIRA_SHOW_SOLD) === 'true' }));
const saveSortFx = createEffect((sort: LiraSort) => writeStorage(STORAGE_KEYS.LIRA_SORT, sort));
const saveShowSoldFx = createEffect((value: boolean) => writeStorage(STORAGE_KEYS.LIRA_SHOW_SOLD, String(value)));
export const $liraSort = createStore<LiraSort>('SUGGESTION_DATE_DESC')
  .on(readLiraViewFx.doneData, (_, saved) => saved.sort)
  .on(liraSortChosen, (_, sort) => sort);
export const $liraShowSold = createStore(false)
  .on(readLiraViewFx.doneData, (_, saved) => saved.showSold)
  .on(liraShowSoldToggled, (_, value) => value);
sample({ clock: liraViewRestored, target: readLiraViewFx });
sample({ clock: liraSortChosen, target: saveSortFx });
sample({ clock: liraShowSoldToggled, target: saveShowSoldFx });
