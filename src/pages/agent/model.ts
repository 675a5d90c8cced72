import { createEffect, createEvent, createStore, sample } from 'effector';
import { liraRefreshRequested, messengerConnectionKnown, resubscribeRequired, variantsReloadRequired } from '@/entities/lira-profile';
import { authModalOpened, listenStreamFx } from '@/features/auth-modal';
import { reactFx } from '@/features/react-to-apartment';
import { ROUTES } from '@/shared/api';
import { LIRA_SORTS, type LiraSort } from '@/shared/api/contract/lira-rules';
import { STORAGE_KEYS, readStorage, writeStorage } from '@/shared/lib';

// Spec §4 "Status button": resuming without the messenger connected asks to start the bot again.
sample({ clock: resubscribeRequired, fn: () => ({ authType: 'resubscribe' as const, pendingNavigateTo: ROUTES.AGENT }), target: authModalOpened });
// Spec §4 "Auth modal flow" step 6: the bot was started again (no new token): the messenger is connected; re-read profile and subscription.
const botStarted = listenStreamFx.doneData.filter({ fn: (r) => r.kind === 'ok' });
sample({ clock: botStarted, fn: () => true, target: messengerConnectionKnown });
sample({ clock: botStarted, target: liraRefreshRequested });

/** Bumped when lists and the map of the agent must be read again (settings saved, status changed, a reaction). */
export const $liraDataVersion = createStore(0)
  .on(variantsReloadRequired, (n) => n + 1)
  .on(reactFx.done, (n) => n + 1);

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
