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

/** Why 'Настройки' is greyed out here, said when it is tapped (null where it works). */
export function settingsUnavailableReason(route: RouteName | null, isAnonymous: boolean): string | null {
  if (settingsViewFor(route, isAnonymous)) return null;
  if (route === 'AGENT') return 'Настройки ИИ Поиска откроются после входа через Telegram';
  return 'Настройки есть на страницах «ТОП», «ИИ Поиск» и «ИИ Анализ возможностей»';
}

/**
 * Why a locked menu entry does nothing, said when it is tapped. The spec shows rent and most AI-analysis items as
 * unavailable without words for them; where the page of a flat already has what the entry promises, it says where.
 */
export const UNAVAILABLE_REASONS = {
  rent: 'Аренда пока недоступна: в Кварте сейчас можно подобрать квартиру только для покупки.',
  flatAnalysis: 'Анализ квартиры пока недоступен. Справедливая цена и индекс AI уже есть на странице каждой квартиры.',
  similar: 'Поиск похожих квартир пока недоступен. Похожие квартиры уже показаны на странице каждой квартиры.',
} as const;

/** The Map/List toggle works only where a feed lives. */
export function viewModeRouteFor(route: RouteName | null): ViewModeRoute | null {
  if (route === 'HOME') return 'home';
  if (route === 'AGENT') return 'agent';
  if (route === 'FAV') return 'favourites';
  return null;
}
