import { useQuery } from '@tanstack/react-query';
import { useUnit } from 'effector-react';
import { useCallback, useMemo } from 'react';
import { sidebarOpened } from '@/entities/chat';
import type { TopProfile } from '@/entities/top-profile';
import { API_PATHS, api, errorMessage } from '@/shared/api';
import type { MapBuilding } from '@/shared/api';
import { millions } from '@/shared/lib';
import { MapView, type MapPoint } from '@/shared/ui';

/** TOP on the map: one marker per building with its lowest price; a click lists the building's apartments. */
export function TopMap({ userId, params }: { userId: number | null; params: TopProfile | null }) {
  const openSidebar = useUnit(sidebarOpened);
  const buildings = useQuery({
    queryKey: ['apartment', 'top-map', userId, params],
    enabled: userId !== null && params !== null,
    queryFn: () => api.post<MapBuilding[]>(API_PATHS.TOP_MAP, params),
  });
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
      if (building) openSidebar({ view: 'LEXS_SIDEBAR', apartmentIds: building.apartmentIds });
    },
    [buildings.data, openSidebar],
  );
  if (buildings.isPending) return <div className="kv-map kv-map--loading" role="status">Загружаем карту…</div>;
  if (buildings.isError) return <p className="kv-inline-error" role="alert">Не удалось загрузить карту: {errorMessage(buildings.error)}</p>;
  return <MapView points={points} onSelect={select} ariaLabel="Квартиры на карте" />;
}
