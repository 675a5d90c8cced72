import { useQuery } from '@tanstack/react-query';
import { useUnit } from 'effector-react';
import { useMemo } from 'react';
import { likedQuery } from '@/entities/apartment';
import { $currentCityKladr, useCityGeography } from '@/entities/city';
import { drawerSidebarRequested } from '@/shared/model';
import { $sessionFailed, $userId, sessionRetried } from '@/entities/session';
import { FavouriteAlerts } from '@/features/favourite-notes';
import { $viewModes, ViewModeSwitch } from '@/features/view-mode';
import { loadErrorText, OFFLINE_LOAD_MESSAGE } from '@/shared/api';
import { millions } from '@/shared/lib';
import { MapView, type MapPoint } from '@/shared/ui';
import { ApartmentFeed } from '@/widgets/apartment-feed';
import { Link } from 'react-router-dom';

function mostCommonCity(items: ReadonlyArray<{ cityId: number }>): number | undefined {
  const counts = new Map<number, number>();
  for (const item of items) counts.set(item.cityId, (counts.get(item.cityId) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
}

/** FAV: the liked apartments as a list or on the map (spec §2). */
export function FavouritesPage() {
  const [userId, modes, openSidebar, kladr, sessionFailed, retrySession] = useUnit([
    $userId,
    $viewModes,
    drawerSidebarRequested,
    $currentCityKladr,
    $sessionFailed,
    sessionRetried,
  ]);
  const noSession = sessionFailed && userId === null;
  const liked = useQuery(likedQuery(userId));
  const items = useMemo(() => liked.data ?? [], [liked.data]);
  // One marker per building (same coordinates), labelled with its cheapest liked apartment.
  const buildings = useMemo(() => {
    const byPlace = new Map<string, { point: MapPoint; ids: number[] }>();
    for (const item of items) {
      const key = `${item.latitude}:${item.longitude}`;
      const entry = byPlace.get(key) ?? {
        point: {
          id: item.id,
          latitude: item.latitude,
          longitude: item.longitude,
          label: millions(item.priceTotalMin),
          tone: 'liked' as const,
        },
        ids: [],
      };
      entry.ids.push(item.id);
      byPlace.set(key, entry);
    }
    return [...byPlace.values()];
  }, [items]);
  const showMap = items.length > 0 && modes.favourites === 'map';
  // The city under the markers: the one most favourites are in (the site's city when there are none).
  const geography = useCityGeography(mostCommonCity(items) ?? kladr);
  return (
    <section>
      <h1 className="kv-page-title">
        Избранное
        {items.length > 0 && (
          <span className="kv-page-title__count" data-testid="favourites-count">
            {' '}
            · {items.length}
          </span>
        )}
      </h1>
      {items.length > 0 && <FavouriteAlerts />}
      {items.length > 0 && <ViewModeSwitch route="favourites" />}
      {showMap ? (
        <MapView
          points={buildings.map((b) => b.point)}
          geography={geography}
          onSelect={(id) =>
            openSidebar({ view: 'FAVOURITES_SIDEBAR', apartmentIds: buildings.find((b) => b.point.id === id)?.ids ?? [id] })
          }
          ariaLabel="Избранные квартиры на карте"
        />
      ) : (
        <ApartmentFeed
          items={liked.data}
          isLoading={!noSession && (userId === null || liked.isPending)}
          error={noSession ? OFFLINE_LOAD_MESSAGE : liked.isError ? loadErrorText('избранное', liked.error) : null}
          emptyText="Вы еще не добавили ни одной квартиры в этот список"
          emptyAction={
            <Link to="/" className="kv-button kv-button--primary">
              Перейти в ТОП
            </Link>
          }
          onRetry={() => (noSession ? retrySession() : void liked.refetch())}
          fromFavourites
        />
      )}
    </section>
  );
}
