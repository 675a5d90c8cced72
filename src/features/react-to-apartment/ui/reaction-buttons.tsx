import { usePlatform } from '@platform';
import { useUnit } from 'effector-react';
import { $userId } from '@/entities/session';
import type { ApartmentItem } from '@/shared/api';
import { $optimistic, $optimisticNotices, dislikeStarted, reactFx, reactionRequested } from '../model/reaction';

/** Like and dislike on a card; a second press resets. Dislike asks for reasons first. */
export function ReactionButtons({ item, withoutDislike = false }: { item: ApartmentItem; withoutDislike?: boolean }) {
  const [optimistic, request, startDislike, pending, userId] = useUnit([
    $optimistic,
    reactionRequested,
    dislikeStarted,
    reactFx.pending,
    $userId,
  ]);
  // The first screen is the server's; a reaction waits for the session that will own it (a moment after load).
  const waiting = pending || userId === null;
  const platform = usePlatform();
  const type = optimistic[item.id] ?? item.type;
  const like = () => {
    platform.haptics?.impact('light');
    request({
      apartmentId: item.id,
      action: type === 'LIKED' ? 'RESET_REACTION' : 'LIKE',
      previous: type,
      selectionType: item.selectionType,
    });
  };
  const dislike = () => {
    platform.haptics?.impact('light');
    if (type === 'DISLIKED') request({ apartmentId: item.id, action: 'RESET_REACTION', previous: type, selectionType: item.selectionType });
    else startDislike({ apartmentId: item.id, previous: type, notices: item.availableNoticeList, selectionType: item.selectionType });
  };
  return (
    <>
      <button
        type="button"
        className={`kv-react kv-react--like${type === 'LIKED' ? ' is-on' : ''}`}
        aria-pressed={type === 'LIKED'}
        onClick={like}
        disabled={waiting}
      >
        {type === 'LIKED' ? '♥ В избранном' : '♡ Нравится'}
      </button>
      {!withoutDislike && (
        <button
          type="button"
          className={`kv-react kv-react--dislike${type === 'DISLIKED' ? ' is-on' : ''}`}
          aria-pressed={type === 'DISLIKED'}
          onClick={dislike}
          disabled={waiting}
        >
          {type === 'DISLIKED' ? 'Не нравится ✕' : 'Не нравится'}
        </button>
      )}
    </>
  );
}

/** The card as the user sees it now: the optimistic reaction and dislike reasons ahead of the server. */
export function useReactedItem(item: ApartmentItem): ApartmentItem {
  const [optimistic, notices] = useUnit([$optimistic, $optimisticNotices]);
  const type = optimistic[item.id];
  if (!type) return item;
  const keys = notices[item.id] ?? [];
  const all = [...item.availableNoticeList.Квартира, ...item.availableNoticeList.Расположение];
  return { ...item, type, notices: type === 'DISLIKED' ? all.filter((n) => keys.includes(n.key)) : [] };
}
