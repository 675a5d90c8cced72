import { matchRoute, type RouteName } from '@/shared/api';
import type { ViewModeRoute } from '@/features/view-mode';
import type { DrawerView } from '@/shared/model';

export function currentRoute(pathname: string): RouteName | null {
  return matchRoute(pathname);
}

/** 'Настройки' is enabled on HOME, ANALYTICS, and on AGENT when not anonymous (spec §2). */
export function settingsViewFor(route: RouteName | null, isAnonymous: boolean): DrawerView | null {
  if (route === 'HOME') return 'LEXS';
  if (route === 'ANALYTICS') return 'ANALYTICS_SETTINGS';
  if (route === 'AGENT' && !isAnonymous) return 'LIRA_SWITCH';
  return null;
}

/** The Map/List toggle works only where a feed lives. */
export function viewModeRouteFor(route: RouteName | null): ViewModeRoute | null {
  if (route === 'HOME') return 'home';
  if (route === 'AGENT') return 'agent';
  if (route === 'FAV') return 'favourites';
  return null;
}
