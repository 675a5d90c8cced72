import { usePlatform } from '@platform';
import { useUnit } from 'effector-react';
import type { ApartmentItem } from '@/shared/api';
import { dislikeStarted } from '../model/reaction';
import { useReaction } from './use-reaction';

/**
 * Like and dislike on a card; a second press resets. Dislike asks for reasons first. `item` is the card as shown (under
 * its reaction's shadow), so the buttons say what the buyer pressed before the server answers.
 */
export function ReactionButtons({ item, withoutDislike = false }: { item: ApartmentItem; withoutDislike?: boolean }) {
  const startDislike = useUnit(dislikeStarted);
  const { react, busy } = useReaction(item.id);
  // A press before the session exists (the first screen is the server's) is shown at once and sent when the session
  // that owns it arrives (model/reaction.ts). While one is on its way the buttons wait, marked with aria-disabled, not
  // `disabled`: a disabled button drops the keyboard's focus to the page; the press is ignored instead.
  const waiting = busy;
  const platform = usePlatform();
  const type = item.type;
  const like = () => {
    if (waiting) return;
    platform.haptics?.impact('light');
    react({ item, action: type === 'LIKED' ? 'RESET_REACTION' : 'LIKE' });
  };
  const dislike = () => {
    if (waiting) return;
    platform.haptics?.impact('light');
    if (type === 'DISLIKED') react({ item, action: 'RESET_REACTION' });
    else startDislike(item);
  };
  return (
    <>
      <button
        type="button"
        className={`kv-react kv-react--like${type === 'LIKED' ? ' is-on' : ''}`}
        aria-pressed={type === 'LIKED'}
        onClick={like}
        aria-disabled={waiting}
        // A tap before the script has run is recorded by this name and pressed again once the card is interactive.
        data-early-tap={`like-${item.id}`}
      >
        {type === 'LIKED' ? '♥ В избранном' : '♡ Нравится'}
      </button>
      {!withoutDislike && (
        <button
          type="button"
          className={`kv-react kv-react--dislike${type === 'DISLIKED' ? ' is-on' : ''}`}
          aria-pressed={type === 'DISLIKED'}
          onClick={dislike}
          aria-disabled={waiting}
        >
          {type === 'DISLIKED' ? 'Не нравится ✕' : 'Не нравится'}
        </button>
      )}
    </>
  );
}
