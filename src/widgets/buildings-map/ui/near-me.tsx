import { useUnit } from 'effector-react';
import { useMemo, useState } from 'react';
import { formatDistance } from '@/entities/apartment';
import type { MapBuilding } from '@/shared/api';
import { byDistance, type Place } from '@/shared/lib';
import { notificationShown } from '@/shared/model';
import { useRequestLocation, type MapPoint } from '@/shared/ui';

/** Beyond this the nearest building is not «рядом»: the buyer is in another city, and the map stays where it is. */
const NEAR_LIMIT_M = 50_000;
/** The buyer is framed with this many of the nearest buildings. */
const FRAMED_NEAREST = 3;

export const LOCATION_DENIED = 'Нет доступа к геопозиции. Разрешите его, чтобы увидеть квартиры рядом с вами';
export const LOCATION_UNAVAILABLE = 'Не удалось определить, где вы. Попробуйте ещё раз';
export const NOTHING_NEAR = 'Рядом с вами квартир из этой подборки нет';

/** The buyer's own marker: never a building, so a press on it opens nothing. */
const HERE_ID = -1;

interface Found {
  me: Place;
  focus: Place[];
  nearestMetres: number;
}

/**
 * «Рядом со мной»: asks for the buyer's location (only when pressed), then centres the map on them and the buildings
 * nearest to them, with a «Вы здесь» marker. A refusal is said in words and the map stays as it was.
 */
export function useNearMe(buildings: readonly MapBuilding[] | undefined) {
  const request = useRequestLocation();
  const notify = useUnit(notificationShown);
  const [asking, setAsking] = useState(false);
  const [found, setFound] = useState<Found | null>(null);

  const locate = async () => {
    if (!request) return;
    setAsking(true);
    const answer = await request();
    setAsking(false);
    if (!answer.ok) {
      notify({ text: answer.reason === 'denied' ? LOCATION_DENIED : LOCATION_UNAVAILABLE });
      return;
    }
    const me = { latitude: answer.latitude, longitude: answer.longitude };
    const nearest = byDistance(buildings ?? [], me);
    if (!nearest[0] || nearest[0].metres > NEAR_LIMIT_M) {
      notify({ text: NOTHING_NEAR });
      return;
    }
    setFound({ me, focus: [me, ...nearest.slice(0, FRAMED_NEAREST).map((n) => n.place)], nearestMetres: nearest[0].metres });
  };

  // The same object until the buyer is found anew: the map re-frames when its points change.
  const here = useMemo<MapPoint | null>(
    () => (found ? { id: HERE_ID, ...found.me, label: 'Вы здесь', tone: 'here', pinned: true } : null),
    [found],
  );
  const control = request ? (
    <div className="kv-map-near">
      <button type="button" className="kv-button" onClick={() => void locate()} disabled={asking} data-testid="near-me">
        Рядом со мной
      </button>
      {found && (
        <span role="status" className="kv-muted">
          Ближайший дом — в {formatDistance(found.nearestMetres)} от вас
        </span>
      )}
    </div>
  ) : null;
  return { control, here, focus: found?.focus };
}
