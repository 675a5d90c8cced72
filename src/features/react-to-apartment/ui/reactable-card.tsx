import { ApartmentCard } from '@/entities/apartment';
import type { ReactNode } from 'react';
import type { ApartmentItem } from '@/shared/api';
import { ReactionButtons } from './reaction-buttons';
import { useShadowed } from './use-reaction';

/** A card as every list shows it: like/dislike underneath, the cached item under the buyer's own reaction (its shadow). */
export function ReactableCard({
  item,
  withoutDislike = false,
  onOpen,
  priority = false,
  extraActions,
}: {
  item: ApartmentItem;
  /** More of the card's buttons after like/dislike (compare, from a widget that composes the features). */
  extraActions?: ReactNode;
  withoutDislike?: boolean;
  onOpen?: (shown: ApartmentItem) => void;
  /** One of the first cards on screen (see ApartmentCard). */
  priority?: boolean;
}) {
  const shown = useShadowed(item);
  return (
    <ApartmentCard
      item={shown}
      actions={
        <>
          <ReactionButtons item={shown} withoutDislike={withoutDislike} />
          {extraActions}
        </>
      }
      onOpen={onOpen && (() => onOpen(shown))}
      priority={priority}
    />
  );
}
