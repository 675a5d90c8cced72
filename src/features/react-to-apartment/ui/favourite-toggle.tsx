import { usePlatform } from '@platform';
import { useQuery } from '@tanstack/react-query';
import { useUnit } from 'effector-react';
import { likedQuery } from '@/entities/apartment';
import { $userId } from '@/entities/session';
import type { ApartmentItem } from '@/shared/api';
import { useReaction, useShadow } from './use-reaction';

/**
 * «В избранное» on the apartment page: a like, the same reaction the card's heart sends (favourites are the liked
 * apartments, spec §2 FAV). Whether it is on is read from the user's favourites — a like given elsewhere (the bot,
 * another device) shows too; a press shows at once and is rolled back if the server refuses it.
 */
export function FavouriteToggle({ item, className = '' }: { item: ApartmentItem; className?: string }) {
  const userId = useUnit($userId);
  const favourites = useQuery(likedQuery(userId));
  const { react, busy } = useReaction(item.id);
  const shadow = useShadow(item.id);
  const platform = usePlatform();
  // The buyer's own latest press wins over the favourites as last read; otherwise the favourites say.
  const pressed = shadow ? shadow.type === 'LIKED' : undefined;
  const on = pressed ?? favourites.data?.some((card) => card.id === item.id && card.type === 'LIKED') ?? false;
  // Until the favourites are known, a press could not tell a like from taking one back. Marked, not `disabled`: the
  // focus stays on the button through the wait (a disabled one drops it to the page).
  const waiting = busy || (pressed === undefined && favourites.data === undefined);
  const toggle = () => {
    if (waiting) return;
    platform.haptics?.impact('light');
    react({ item: { ...item, type: on ? 'LIKED' : 'NOT_VIEWED' }, action: on ? 'RESET_REACTION' : 'LIKE' });
  };
  return (
    <button
      type="button"
      className={`kv-button ${className}${on ? ' is-on' : ''}`.trim()}
      aria-pressed={on}
      onClick={toggle}
      aria-disabled={waiting}
      data-testid="apart-favourite"
    >
      {on ? '♥ В избранном' : '♡ В избранное'}
    </button>
  );
}
