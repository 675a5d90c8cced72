import { createEvent, createStore } from 'effector';

/**
 * The assistant drawer as lower layers reach it. Its chat state lives in widgets/assistant-drawer, which listens to
 * these events and reports back through $drawer; features and entities only ask, they never import the widget.
 */

/** Drawer views of spec §2 "Assistant drawer views". */
export type DrawerView =
  | 'FAQ'
  | 'LEXS'
  | 'LEXS_SIDEBAR'
  | 'LIRA_CREATION'
  | 'LIRA_SWITCH'
  | 'LIRA_MAIN'
  | 'LIRA_ALTERNATIVE'
  | 'LIRA_SIDEBAR'
  | 'DISLIKE'
  | 'FAVOURITES_SIDEBAR'
  | 'SUBSCRIPTION_INFO'
  | 'ANALYTICS_SETTINGS';

/** Open(view): sets the view and clears the closing and force-closed flags (spec §4 "Chat panel"). */
export const drawerViewRequested = createEvent<DrawerView>();
/** Close at once; for LIRA_SIDEBAR and LEXS_SIDEBAR it also resets the sidebar apartments. */
export const drawerClosed = createEvent();
/** The user asked to close (button, Escape, backdrop, drag): the drawer animates, then closes. */
export const drawerCloseRequested = createEvent();
/** A bot message from a view id and an optional message id: that message's first text, or the view default. */
export const drawerBotMessageRequested = createEvent<{ viewId: DrawerView; messageId?: string | null }>();
/** The apartments of a building chosen on a map (spec §3 `sidebarAparts`). */
export const drawerSidebarRequested = createEvent<{
  view: 'LEXS_SIDEBAR' | 'LIRA_SIDEBAR' | 'FAVOURITES_SIDEBAR';
  apartmentIds: number[];
}>();

export interface DrawerSummary {
  isOpen: boolean;
  view: DrawerView;
}
/** Open or not, and which view: written only by the drawer widget, read by flows that close it when they end. */
export const $drawer = createStore<DrawerSummary>({ isOpen: false, view: 'FAQ' });
