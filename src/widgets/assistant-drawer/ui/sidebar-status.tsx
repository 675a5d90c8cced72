import type { ReactNode } from 'react';
import { errorMessage } from '@/shared/api';

/** Section titles of a building's sidebar, by the user's reaction (spec §7 sidebar groups). */
export const SIDEBAR_GROUP_TITLES = [
  ['NOT_VIEWED', 'Новые'],
  ['LIKED', 'Понравились'],
  ['DISLIKED', 'Не понравились'],
] as const;

/** What a building's sidebar shows while its apartments load or after they failed; null once there is data. */
export function sidebarStatus(query: { isPending: boolean; isError: boolean; error: unknown }): ReactNode {
  if (query.isPending)
    return (
      <p className="kv-muted" role="status">
        Загружаем квартиры дома…
      </p>
    );
  if (query.isError)
    return (
      <p className="kv-inline-error" role="alert">
        Не удалось загрузить квартиры: {errorMessage(query.error)}
      </p>
    );
  return null;
}
