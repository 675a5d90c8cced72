import { createEffect, createEvent, createStore, sample } from 'effector';
import { LIRA_SORTS, type LiraSort } from '@kvarta/contract/lira-rules';
import { STORAGE_KEYS, readStorage, writeStorage } from '@/shared/lib';

/** Sort and show-sold of the AGENT list, kept in local storage under agentSort / agentShowSold (spec §3). */
export const agentViewRestored = createEvent();
export const agentSortChosen = createEvent<LiraSort>();
export const agentShowSoldToggled = createEvent<boolean>();
const readSort = (): LiraSort => {
  const saved = readStorage(STORAGE_KEYS.AGENT_SORT);
  return (LIRA_SORTS as readonly string[]).includes(saved ?? '') ? (saved as LiraSort) : 'SUGGESTION_DATE_DESC';
};
export const readAgentViewFx = createEffect(() => ({ sort: readSort(), showSold: readStorage(STORAGE_KEYS.AGENT_SHOW_SOLD) === 'true' }));
const saveSortFx = createEffect((sort: LiraSort) => writeStorage(STORAGE_KEYS.AGENT_SORT, sort));
const saveShowSoldFx = createEffect((value: boolean) => writeStorage(STORAGE_KEYS.AGENT_SHOW_SOLD, String(value)));
export const $agentSort = createStore<LiraSort>('SUGGESTION_DATE_DESC')
  .on(readAgentViewFx.doneData, (_, saved) => saved.sort)
  .on(agentSortChosen, (_, sort) => sort);
export const $agentShowSold = createStore(false)
  .on(readAgentViewFx.doneData, (_, saved) => saved.showSold)
  .on(agentShowSoldToggled, (_, value) => value);
sample({ clock: agentViewRestored, target: readAgentViewFx });
sample({ clock: agentSortChosen, target: saveSortFx });
sample({ clock: agentShowSoldToggled, target: saveShowSoldFx });
