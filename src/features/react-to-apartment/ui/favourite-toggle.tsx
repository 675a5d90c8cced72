import { usePlatform } from '@platform';
import { useUnit } from 'effector-react';
import type { ApartmentItem } from '@/shared/api';
import { $optimistic, reactFx, reactionRequested } from '../model/reaction';

/**
 * «В избранное» on the apartment page: a like, the same reaction the card's heart sends (favourites are the liked
 * apartments, spec §2 FAV), shown at once and rolled back if the server refuses it.
 */
export function FavouriteToggle({ item, className = '' }: { item: ApartmentItem; className?: string }) {
  const [optimistic, request, pending] = useUnit([$optimistic, reactionRequested, reactFx.pending]);
  const platform = usePlatform();
  const type = optimistic[item.id] ?? item.type;
  const on = type === 'LIKED';
  const toggle = () => {
    platform.haptics?.impact('light');
    request({ apartmentId: item.id, action: on ? 'RESET_REACTION' : 'LIKE', previous: type, selectionType: item.selectionType });
  };
  return (
    <button
      type="button"
      className={`kv-button ${className}${on ? ' is-on' : ''}`.trim()}
      aria-pressed={on}
      onClick={toggle}
      disabled={pending}
      data-testid="apart-favourite"
    >
      {on ? '♥ В избранном' : '♡ В избранное'}
    </button>
  );
}
