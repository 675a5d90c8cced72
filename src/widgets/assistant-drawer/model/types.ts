import type { ApartmentItem } from '@/shared/api';
import type { TypingMode } from '../lib/typing';

import type { DrawerView } from '@/shared/model';

export type { DrawerView };

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
