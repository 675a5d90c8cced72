import { ApartmentCard } from '@/entities/apartment';
import type { ReactNode } from 'react';
import type { ApartmentItem } from '@/shared/api';
import { ReactionButtons } from './reaction-buttons';

/** A card as every list shows it: like/dislike underneath (the list's cached item carries the reaction). */
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
  return (
    <ApartmentCard
      item={item}
      actions={
        <>
          <ReactionButtons item={item} withoutDislike={withoutDislike} />
          {extraActions}
        </>
      }
      onOpen={onOpen && (() => onOpen(item))}
      priority={priority}
    />
  );
}
