import { createEvent, createStore, sample } from 'effector';
import { $chat, chatClosed, chatOpened } from '@/entities/chat';
import { extensionSaveFx, profileUpdateFx, selectionStarted } from '@/entities/lira-profile';

export type LiraMainTab = 'filters' | 'portraits' | 'wishes';
/** Open a settings view, optionally on a LIRA_MAIN tab (the AGENT query parameters use this). */
export const liraSettingsOpened = createEvent<{ view: 'LIRA_MAIN' | 'LIRA_ALTERNATIVE' | 'LIRA_SWITCH'; tab?: LiraMainTab }>();
export const $liraMainTab = createStore<LiraMainTab>('filters').on(liraSettingsOpened, (_, { tab }) => tab ?? 'filters');
sample({ clock: liraSettingsOpened, fn: ({ view }) => view, target: chatOpened });

// The guided setup ends when the selection starts: the chat closes and the page shows the agent at work.
sample({ clock: selectionStarted, source: $chat, filter: (chat) => chat.isOpen && chat.view === 'LIRA_CREATION', target: chatClosed });
// A saved settings form closes the chat.
sample({
  clock: [profileUpdateFx.done, extensionSaveFx.done],
  source: $chat,
  filter: (chat) => chat.isOpen && (chat.view === 'LIRA_MAIN' || chat.view === 'LIRA_ALTERNATIVE'),
  target: chatClosed,
});
