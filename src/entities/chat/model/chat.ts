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
