import type { ComponentType } from 'react';
import type { DrawerView } from '@/shared/model';
import { AnalyticsSettings } from '@/features/analytics-settings';
import { TopSettings } from '@/features/top-settings';
import { DislikeReasons } from '@/features/react-to-apartment';
import { LiraAlternative, LiraCreation, LiraMain, LiraSwitch, SubscriptionInfo } from '@/features/lira-settings';
import { BuildingSidebar } from './building-sidebar';
import { FavouritesSidebar } from './favourites-sidebar';
import { FaqList } from './faq-list';
import { LiraSidebar } from './lira-sidebar';

/**
 * The body of each drawer view. One entry per view keeps the drawer itself free of
 * view-specific branches: a feature adds its form here and nowhere else.
 */
export const DRAWER_VIEW_BODIES: Partial<Record<DrawerView, ComponentType>> = {
  FAQ: FaqList,
  DISLIKE: DislikeReasons,
  LEXS: TopSettings,
  LEXS_SIDEBAR: BuildingSidebar,
  FAVOURITES_SIDEBAR: FavouritesSidebar,
  ANALYTICS_SETTINGS: AnalyticsSettings,
  LIRA_CREATION: LiraCreation,
  LIRA_SWITCH: LiraSwitch,
  LIRA_MAIN: LiraMain,
  LIRA_ALTERNATIVE: LiraAlternative,
  LIRA_SIDEBAR: LiraSidebar,
  SUBSCRIPTION_INFO: SubscriptionInfo,
};
