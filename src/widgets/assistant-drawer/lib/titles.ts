import type { DrawerView } from '../model/types';

/**
 * The drawer's heading (and its dialog's name) per view: a person sees what the panel is for, not «Ассистент» over
 * a filters form. The FAQ is the assistant itself.
 */
export const DRAWER_TITLES: Readonly<Record<DrawerView, string>> = {
  FAQ: 'Ассистент',
  LEXS: 'Настройки ТОП',
  LEXS_SIDEBAR: 'Квартиры в доме',
  LIRA_CREATION: 'Настройка ИИ Поиска',
  LIRA_SWITCH: 'Изменить ИИ Поиск',
  LIRA_MAIN: 'Параметры ИИ Поиска',
  LIRA_ALTERNATIVE: 'Поиск альтернатив',
  LIRA_SIDEBAR: 'Квартиры в доме',
  DISLIKE: 'Что не понравилось',
  FAVOURITES_SIDEBAR: 'Избранное в доме',
  SUBSCRIPTION_INFO: 'Подписка на ИИ Поиск',
  ANALYTICS_SETTINGS: 'Настройки аналитики',
};
