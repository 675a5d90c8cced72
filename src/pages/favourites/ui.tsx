import { useQuery } from '@tanstack/react-query';
import { useUnit } from 'effector-react';
import { useMemo } from 'react';
import { likedQuery } from '@/entities/apartment';
import { drawerSidebarRequested } from '@/shared/model';
import { $userId } from '@/entities/session';
import { $viewModes, ViewModeSwitch } from '@/features/view-mode';
import { errorMessage } from '@/shared/api';
import { millions } from '@/shared/lib';
import { MapView, type MapPoint } from '@/shared/ui';
import { ApartmentFeed } from '@/widgets/apartment-feed';

/** FAV: the liked apartments as a list or on the map (spec §2). */
export function FavouritesPage() {
  const [userId, modes, openSidebar] = useUnit([$userId, $viewModes, drawerSidebarRequested]);
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
  return (
    <section>
      <h1 className="kv-page-title">Избранное</h1>
      {items.length > 0 && <ViewModeSwitch route="favourites" />}
      {showMap ? (
        <MapView
          points={buildings.map((b) => b.point)}
          onSelect={(id) =>
            openSidebar({ view: 'FAVOURITES_SIDEBAR', apartmentIds: buildings.find((b) => b.point.id === id)?.ids ?? [id] })
          }
          ariaLabel="Избранные квартиры на карте"
        />
      ) : (
        <ApartmentFeed
          items={liked.data}
          isLoading={userId === null || liked.isPending}
          error={liked.isError ? `Не удалось загрузить избранное: ${errorMessage(liked.error)}` : null}
          emptyText="Вы еще не добавили ни одной квартиры в этот список"
          onRetry={() => void liked.refetch()}
          fromFavourites
        />
      )}
    </section>
  );
}
