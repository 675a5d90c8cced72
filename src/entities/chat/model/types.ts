import type { ApartmentItem } from '@/shared/api';
import type { TypingMode } from '../lib/typing';

/** Drawer views of spec §2 "Assistant drawer views". */
export type DrawerView =
  | 'FAQ' | 'LEXS' | 'LEXS_SIDEBAR' | 'LIRA_CREATION' | 'LIRA_SWITCH' | 'LIRA_MAIN' | 'LIRA_ALTERNATIVE'
  | 'LIRA_SIDEBAR' | 'DISLIKE' | 'FAVOURITES_SIDEBAR' | 'SUBSCRIPTION_INFO' | 'ANALYTICS_SETTINGS';

export interface BotMessage {
  text: string;
  attachmentId: string | null;
  typingMode: TypingMode;
}

/** Apartments of a sidebar grouped by the user's reaction; LIRA's flat list goes under NOT_VIEWED. */
export type SidebarGroups = Partial<Record<'LIKED' | 'NOT_VIEWED' | 'DISLIKED', ApartmentItem[]>>;

export interface SidebarAparts {
  ids: number[];
  data: SidebarGroups | null;
  isLoading: boolean;
}

/** Spec §3 "Chat state". */
export interface ChatState {
  botMessage: BotMessage | null;
  viewId: DrawerView;
  sidebarAparts: SidebarAparts;
  isOpen: boolean;
  isClosing: boolean;
  isForceClosed: boolean;
}
