import { ApartmentCard } from '@/entities/apartment';
import type { ApartmentItem } from '@/shared/api';
import { ReactionButtons, useReactedItem } from './reaction-buttons';

/** A card as every list shows it: the optimistic reaction applied, like/dislike underneath. */
export function ReactableCard({
  item,
  withoutDislike = false,
  onOpen,
  priority = false,
}: {
  item: ApartmentItem;
  withoutDislike?: boolean;
  onOpen?: (shown: ApartmentItem) => void;
  /** One of the first cards on screen (see ApartmentCard). */
  priority?: boolean;
}) {
  const shown = useReactedItem(item);
  return (
    <ApartmentCard
      item={shown}
      actions={<ReactionButtons item={item} withoutDislike={withoutDislike} />}
      onOpen={onOpen && (() => onOpen(shown))}
      priority={priority}
    />
  );
}
