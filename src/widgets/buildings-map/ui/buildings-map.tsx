import type { UseQueryResult } from '@tanstack/react-query';
import { useUnit } from 'effector-react';
import { useCallback, useMemo } from 'react';
import { $currentCityKladr, useCityGeography } from '@/entities/city';
import { drawerSidebarRequested } from '@/shared/model';
import { loadErrorText } from '@/shared/api';
import type { MapBuilding } from '@/shared/api';
import { millions } from '@/shared/lib';
import { InlineError, MapView, type MapPoint } from '@/shared/ui';

/**
 * Buildings of a selection on the map (TOP, AI search): one marker per building with its lowest
 * price, coloured by the user's reactions; a click lists the building's apartments in the drawer.
 */
export function BuildingsMap({
  buildings,
  sidebar,
  ariaLabel,
}: {
  buildings: UseQueryResult<MapBuilding[]>;
  sidebar: 'LEXS_SIDEBAR' | 'LIRA_SIDEBAR';
  ariaLabel: string;
}) {
  const [openSidebar, kladr] = useUnit([drawerSidebarRequested, $currentCityKladr]);
  const geography = useCityGeography(kladr);
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
      if (building) openSidebar({ view: sidebar, apartmentIds: building.apartmentIds });
    },
    [buildings.data, openSidebar, sidebar],
  );
  if (buildings.isPending)
    return (
      <div className="kv-map kv-map--loading" role="status">
        Загружаем карту…
      </div>
    );
  if (buildings.isError) return <InlineError text={loadErrorText('карту', buildings.error)} onRetry={() => void buildings.refetch()} />;
  return <MapView points={points} geography={geography} onSelect={select} ariaLabel={ariaLabel} />;
}
