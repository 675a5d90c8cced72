import type { ReactNode } from 'react';
import { loadErrorText } from '@/shared/api';
import { InlineError } from '@/shared/ui';

/** Section titles of a building's sidebar, by the user's reaction (spec §7 sidebar groups). */
export const SIDEBAR_GROUP_TITLES = [
  ['NOT_VIEWED', 'Новые'],
  ['LIKED', 'Понравились'],
  ['DISLIKED', 'Не понравились'],
] as const;

/** What a building's sidebar shows while its apartments load or after they failed; null once there is data. */
export function sidebarStatus(query: { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown }): ReactNode {
  if (query.isPending)
    return (
      <p className="kv-muted" role="status">
        Загружаем квартиры дома…
      </p>
    );
  if (query.isError) return <InlineError text={loadErrorText('квартиры', query.error)} onRetry={() => void query.refetch()} />;
  return null;
}
