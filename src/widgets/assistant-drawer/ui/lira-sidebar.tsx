import { useQuery } from '@tanstack/react-query';
import { useUnit } from 'effector-react';
import { $sidebarIds } from '@/entities/chat';
import { liraKeys } from '@/entities/lira-profile';
import { $userId } from '@/entities/session';
import { ReactableCard } from '@/features/react-to-apartment';
import { API_PATHS, api, errorMessage } from '@/shared/api';
import type { ApartmentItem } from '@/shared/api';

const TITLES: Array<[ApartmentItem['type'], string]> = [['NOT_VIEWED', 'Новые'], ['LIKED', 'Понравились'], ['DISLIKED', 'Не понравились']];

/** LIRA_SIDEBAR: the agent's suggestions in a building chosen on the AGENT map. */
export function LiraSidebar() {
  const [ids, userId] = useUnit([$sidebarIds, $userId]);
  const sidebar = useQuery({
    queryKey: liraKeys.sidebar(userId, ids),
    enabled: ids.length > 0,
    queryFn: ({ signal }) => api.get<ApartmentItem[]>(API_PATHS.LIRA_SIDEBAR, { query: { apartmentIds: ids.join(',') }, signal }),
  });
  if (sidebar.isPending) return <p className="kv-muted" role="status">Загружаем квартиры дома…</p>;
  if (sidebar.isError) return <p className="kv-inline-error" role="alert">Не удалось загрузить квартиры: {errorMessage(sidebar.error)}</p>;
  return (
    <div className="kv-sidebar-list" data-testid="lira-sidebar">
      {TITLES.map(([type, title]) => {
        const items = sidebar.data.filter((item) => item.type === type);
        if (items.length === 0) return null;
        return (
          <section key={type}>
            <h3 className="kv-sidebar-list__title">{title} · {items.length}</h3>
            {items.map((item) => (
              <ReactableCard key={item.id} item={item} />
            ))}
          </section>
        );
      })}
    </div>
  );
}
