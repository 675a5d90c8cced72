import { sample } from 'effector';
import { createGate } from 'effector-react';
import { apartmentKeys } from '@/entities/apartment';
import { reactFx } from '@/features/react-to-apartment';
import { QUERY_ROOT } from '@/shared/api';
import { invalidateFx } from '@/shared/model';

/** The feed on screen: FAV (fromFavourites) or a ranked list (TOP, AI search). One page shows one feed. */
export const FeedGate = createGate<{ fromFavourites: boolean }>();

const savedWhileShown = sample({ clock: reactFx.done, source: FeedGate.state, filter: FeedGate.status });
// Favourites change with every like; ranked lists keep their order until the next visit, so cards
// do not jump under the user's finger (the card shows its reaction from the optimistic state).
sample({
  clock: savedWhileShown,
  fn: ({ fromFavourites }) => (fromFavourites ? apartmentKeys.all : apartmentKeys.allLiked),
  target: invalidateFx,
});
// A reaction in favourites resets the TOP and AI-search lists too (spec §4 Reactions). By the key's root: the AI-search
// entity stays out of the first screen's bundle.
sample({ clock: savedWhileShown, filter: ({ fromFavourites }) => fromFavourites, fn: () => [QUERY_ROOT.LIRA], target: invalidateFx });
