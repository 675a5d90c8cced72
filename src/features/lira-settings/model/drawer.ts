import { createEvent, createStore, sample } from 'effector';
import { drawerViewRequested } from '@/shared/model';

export type LiraMainTab = 'filters' | 'portraits' | 'wishes';
/** Open a settings view, optionally on a LIRA_MAIN tab (the AGENT query parameters use this). */
export const liraSettingsOpened = createEvent<{ view: 'LIRA_MAIN' | 'LIRA_ALTERNATIVE' | 'LIRA_SWITCH'; tab?: LiraMainTab }>();
export const $liraMainTab = createStore<LiraMainTab>('filters').on(liraSettingsOpened, (_, { tab }) => tab ?? 'filters');
sample({ clock: liraSettingsOpened, fn: ({ view }) => view, target: drawerViewRequested });
