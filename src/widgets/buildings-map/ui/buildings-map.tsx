import type { UseQueryResult } from '@tanstack/react-query';
import { useUnit } from 'effector-react';
import { useCallback, useMemo } from 'react';
import { $currentCityKladr, useCityGeography } from '@/entities/city';
import { offerTerms } from '@/entities/mortgage';
import { drawerSidebarRequested } from '@/shared/model';
import { loadErrorText } from '@/shared/api';
import type { MapBuilding } from '@/shared/api';
import { formatNumber, millions } from '@/shared/lib';
import { InlineError, MapView, type MapPoint, useNativeFullscreen } from '@/shared/ui';
import { useNearMe } from './near-me';

/**
 * Buildings of a selection on the map (TOP, AI search): one marker per building with its lowest
 * price, coloured by the user's reactions; a click lists the building's apartments in the drawer. «Рядом со мной»
 * centres it on the buyer and the buildings nearest them.
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
  // On a phone inside Telegram the map takes the whole screen while it is shown.
  useNativeFullscreen(true);
  const geography = useCityGeography(kladr);
  const nearMe = useNearMe(buildings.data);
  const here = nearMe.here;
  const points = useMemo<MapPoint[]>(
    () => [
      ...(buildings.data ?? []).map((b): MapPoint => ({
        id: b.id,
        latitude: b.latitude,
        longitude: b.longitude,
        label: millions(b.priceTotalMin),
        // The payment only with its programme's terms (38-FZ); none where no programme applies.
        note: b.mortgage
          ? `В ипотеку ${formatNumber(b.mortgage.monthlyPayment, 'rubMonth')} — ${offerTerms(b.mortgage)}${b.mortgage.isExample ? ' (пример программы)' : ''}`
          : undefined,
        tone: b.types.includes('LIKE') ? 'liked' : b.types.includes('DISLIKE') ? 'disliked' : 'default',
      })),
      ...(here ? [here] : []),
    ],
    [buildings.data, here],
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
  return (
    <>
      {nearMe.control}
      <MapView points={points} geography={geography} onSelect={select} ariaLabel={ariaLabel} focus={nearMe.focus} />
    </>
  );
}
