import { useQuery } from '@tanstack/react-query';
import { useUnit } from 'effector-react';
import { useCallback, useMemo } from 'react';
import { sidebarOpened } from '@/entities/chat';
import { $liraStatus, isLaunched, liraMapQuery } from '@/entities/lira-profile';
import { errorMessage } from '@/shared/api';
import { millions } from '@/shared/lib';
import { MapView, type MapPoint } from '@/shared/ui';
import { $agentShowSold } from '../model';

/** The suggestions on the map, refetched every 60 s while the agent runs; a building opens LIRA_SIDEBAR. */
export function AgentMap({ userId }: { userId: number }) {
  const [status, showSold, openSidebar] = useUnit([$liraStatus, $agentShowSold, sidebarOpened]);
  const buildings = useQuery(liraMapQuery(userId, showSold, isLaunched(status)));
  const points = useMemo<MapPoint[]>(
    () =>
      (buildings.data ?? []).map((b) => ({
        id: b.id,
        latitude: b.latitude,
        longitude: b.longitude,
        label: millions(b.priceTotalMin),
        tone: b.types.includes('LIKE') ? 'liked' : b.types.includes('DISLIKE') ? 'disliked' : 'default',
      })),
    [buildings.data],
  );
  const select = useCallback(
    (id: number) => {
      const building = buildings.data?.find((b) => b.id === id);
      if (building) openSidebar({ view: 'LIRA_SIDEBAR', apartmentIds: building.apartmentIds });
    },
    [buildings.data, openSidebar],
  );
  if (buildings.isPending) return <div className="kv-map kv-map--loading" role="status">Загружаем карту…</div>;
  if (buildings.isError) return <p className="kv-inline-error" role="alert">Не удалось загрузить карту: {errorMessage(buildings.error)}</p>;
  return <MapView points={points} onSelect={select} ariaLabel="Подобранные квартиры на карте" />;
}
