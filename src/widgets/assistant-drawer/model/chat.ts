import { createEffect, createEvent, createStore, sample } from 'effector';
import {
  $drawer,
  drawerBotMessageRequested,
  drawerCloseRequested,
  drawerClosed,
  drawerSidebarRequested,
  drawerViewRequested,
} from '@/shared/model';
import type { TypingMode } from '../lib/typing';
import type { BotMessage, ChatState, DrawerView, SidebarAparts, SidebarGroups } from './types';

/*
 * The drawer's chat state (spec §3 "Chat state"). Open, close, the bot message of a view and a building's sidebar are
 * asked for through shared/model/drawer.ts, so features and entities never import this widget; the events below are
 * the widget's own.
 */

/** Spec §9: the drawer opens and closes in 250 ms. */
export const DRAWER_ANIMATION_MS = 250;

const EMPTY_SIDEBAR: SidebarAparts = { ids: [], data: null, isLoading: false };
const SIDEBARS_RESET_ON_CLOSE: ReadonlySet<DrawerView> = new Set(['LIRA_SIDEBAR', 'LEXS_SIDEBAR']);

export const INITIAL_CHAT_STATE: ChatState = {
  botMessage: null,
  viewId: 'FAQ',
  sidebarAparts: EMPTY_SIDEBAR,
  isOpen: false,
  isClosing: false,
  isForceClosed: false,
};

/** Force-close: no animation (e.g. the page changed under the drawer). */
export const chatForceClosed = createEvent();

/** A bot message from free text. */
export const botMessageSet = createEvent<{ text: string; attachmentId?: string | null; typingMode?: TypingMode }>();
/** Texts from `/init/texts` (spec §3 "Text entry"); they override the built-in bot texts. */
export const botTextsLoaded = createEvent<ReadonlyArray<{ key: string; text: unknown }>>();

export const sidebarLoaded = createEvent<SidebarGroups>();
export const sidebarFailed = createEvent();

/** Server texts as they arrived: applied over the defaults whichever comes first (./bot-messages.ts). */
export const $serverTexts = createStore<ReadonlyArray<{ key: string; text: unknown }>>([]).on(botTextsLoaded, (all, entries) => [
  ...all,
  ...entries,
]);
/**
 * Where the current bot message came from: the message still to be resolved (or re-resolved when server texts arrive
 * late); null once a free-text message has replaced it.
 */
export const $messageSource = createStore<{ viewId: DrawerView; messageId: string | null } | null>(null)
  .on(drawerBotMessageRequested, (_, { viewId, messageId }) => ({ viewId, messageId: messageId ?? null }))
  .reset(botMessageSet);

export const $chatState = createStore<ChatState>(INITIAL_CHAT_STATE)
  .on(drawerViewRequested, (state, viewId) => ({ ...state, viewId, isOpen: true, isClosing: false, isForceClosed: false }))
  .on(drawerCloseRequested, (state) => (state.isOpen ? { ...state, isClosing: true } : state))
  .on(chatForceClosed, (state) => ({ ...state, isOpen: false, isClosing: false, isForceClosed: true }))
  .on(drawerClosed, (state) => ({
    ...state,
    isOpen: false,
    isClosing: false,
    sidebarAparts: SIDEBARS_RESET_ON_CLOSE.has(state.viewId) ? EMPTY_SIDEBAR : state.sidebarAparts,
  }))
  .on(botMessageSet, (state, { text, attachmentId, typingMode }) => ({
    ...state,
    botMessage: { text, attachmentId: attachmentId ?? null, typingMode: typingMode ?? 'BY_SIGN' },
  }))
  .on(drawerSidebarRequested, (state, { apartmentIds }) => ({
    ...state,
    sidebarAparts: { ids: apartmentIds, data: null, isLoading: apartmentIds.length > 0 },
  }))
  .on(sidebarLoaded, (state, data) => ({ ...state, sidebarAparts: { ...state.sidebarAparts, data, isLoading: false } }))
  .on(sidebarFailed, (state) => ({ ...state, sidebarAparts: { ...state.sidebarAparts, isLoading: false } }));

const prefersReducedMotion = () =>
  typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;
/** Waits for the close animation; no wait when the user prefers reduced motion. */
export const closeAnimationFx = createEffect(
  () => new Promise<void>((resolve) => setTimeout(resolve, prefersReducedMotion() ? 0 : DRAWER_ANIMATION_MS)),
);

sample({ clock: drawerCloseRequested, source: $chatState, filter: (s) => s.isOpen && s.isClosing, target: closeAnimationFx });
// Reopened while the animation ran: the pending close is dropped.
sample({ clock: closeAnimationFx.done, source: $chatState, filter: (s) => s.isOpen && s.isClosing, target: drawerClosed });

sample({ clock: drawerViewRequested, fn: (viewId) => ({ viewId }), target: drawerBotMessageRequested });
sample({ clock: drawerSidebarRequested, fn: ({ view }) => view, target: drawerViewRequested });

/** A view's message, resolved from the texts by ./bot-messages.ts. */
export const botMessageResolved = createEvent<BotMessage | null>();
$chatState.on(botMessageResolved, (state, botMessage) => ({ ...state, botMessage }));

/** Ready to resolve the message asked for ($messageSource): ./bot-messages.ts has loaded (./load-bot-messages.ts). */
export const botMessageAsked = createEvent();

// Reports open-or-not and the view to lower layers (shared $drawer), which must not read the widget.
sample({ clock: $chatState, fn: (s) => ({ isOpen: s.isOpen, view: s.viewId }), target: $drawer });
export const $sidebarIds = $chatState.map((s) => s.sidebarAparts.ids);
