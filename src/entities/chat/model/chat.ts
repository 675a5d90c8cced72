import { createEvent, createStore } from 'effector';

/** Drawer views of spec §2 "Assistant drawer views". */
export type DrawerView =
  | 'FAQ' | 'LEXS' | 'LEXS_SIDEBAR' | 'LIRA_CREATION' | 'LIRA_SWITCH' | 'LIRA_MAIN' | 'LIRA_ALTERNATIVE'
  | 'LIRA_SIDEBAR' | 'DISLIKE' | 'FAVOURITES_SIDEBAR' | 'SUBSCRIPTION_INFO' | 'ANALYTICS_SETTINGS';

/** Spec §4 Chat panel: open(view) sets the view; close hides the panel. */
export const chatOpened = createEvent<DrawerView>();
export const chatClosed = createEvent();

export const $chat = createStore<{ isOpen: boolean; view: DrawerView }>({ isOpen: false, view: 'FAQ' })
  .on(chatOpened, (_, view) => ({ isOpen: true, view }))
  .on(chatClosed, (state) => ({ ...state, isOpen: false }));

/** Spec §3 chat state `sidebarAparts`: the apartments of a building chosen on the map. */
export const sidebarOpened = createEvent<{ view: 'LEXS_SIDEBAR' | 'LIRA_SIDEBAR' | 'FAVOURITES_SIDEBAR'; apartmentIds: number[] }>();
export const $sidebarIds = createStore<number[]>([])
  .on(sidebarOpened, (_, { apartmentIds }) => apartmentIds)
  // Closing a sidebar view resets its apartments (spec §4 Chat panel).
  .reset(chatClosed);
$chat.on(sidebarOpened, (_, { view }) => ({ isOpen: true, view }));
