import { useQuery } from '@tanstack/react-query';
import { useUnit } from 'effector-react';
import { useEffect } from 'react';
import { $sidebarIds, sidebarFailed, sidebarLoaded } from '@/entities/chat';
import { $userId } from '@/entities/session';
import { ReactableCard } from '@/features/react-to-apartment';
import { API_PATHS, api, errorMessage } from '@/shared/api';
import type { ApartmentItem } from '@/shared/api';

type Groups = Record<'LIKED' | 'NOT_VIEWED' | 'DISLIKED', ApartmentItem[]>;
const TITLES: Array<[keyof Groups, string]> = [['NOT_VIEWED', 'Новые'], ['LIKED', 'Понравились'], ['DISLIKED', 'Не понравились']];

/** The apartments of a building chosen on the map, grouped by reaction (spec §7 TOP sidebar). */
export function BuildingSidebar() {
  const [ids, userId, loaded, failed] = useUnit([$sidebarIds, $userId, sidebarLoaded, sidebarFailed]);
  const sidebar = useQuery({
    queryKey: ['apartment', 'sidebar', userId, ids],
    enabled: ids.length > 0,
    queryFn: () => api.post<Groups>(API_PATHS.TOP_SIDEBAR, { apartmentIds: ids, selectionParams: null, selectionType: 'MAIN', sort: 'RELEVANCE_DESC' }),
  });
  // The chat state mirrors the sidebar's load (spec §3 sidebarAparts {ids, data, isLoading}).
  useEffect(() => {
    if (sidebar.data) loaded(sidebar.data);
    else if (sidebar.isError) failed();
  }, [sidebar.data, sidebar.isError, loaded, failed]);
  if (sidebar.isPending) return <p className="kv-muted" role="status">Загружаем квартиры дома…</p>;
  if (sidebar.isError) return <p className="kv-inline-error" role="alert">Не удалось загрузить квартиры: {errorMessage(sidebar.error)}</p>;
  return (
    <div className="kv-sidebar-list" data-testid="building-sidebar">
      {TITLES.filter(([key]) => sidebar.data[key].length > 0).map(([key, title]) => (
        <section key={key}>
          <h3 className="kv-sidebar-list__title">
            {title} · {sidebar.data[key].length}
          </h3>
          {sidebar.data[key].map((item) => (
            <ReactableCard key={item.id} item={item} />
          ))}
        </section>
      ))}
    </div>
  );
}
