import { useStoreMap, useUnit } from 'effector-react';
import type { ApartmentItem } from '@/shared/api';
import { $reactingIds, reactionRequested } from '../model/reaction';
import { $reactionShadows, shadowed, type ReactionShadow, type ReactionVariables } from '../model/shadow';

/** The card as the buyer should see it: the cached item with their own latest reaction laid over it. */
export function useShadowed(item: ApartmentItem): ApartmentItem {
  return shadowed(item, useShadow(item.id) ?? undefined);
}

/** The buyer's own latest reaction to the apartment on this device, or null. */
export function useShadow(apartmentId: number): ReactionShadow | null {
  return useStoreMap({ store: $reactionShadows, keys: [apartmentId], fn: (shadows, [id]) => shadows[id] ?? null });
}

/**
 * Sends a reaction for the current user; `busy` while one for this apartment is on its way or queued. Reactions from
 * different cards queue behind each other (spec §4: one in flight at a time).
 */
export function useReaction(apartmentId: number): { react: (variables: ReactionVariables) => void; busy: boolean } {
  const react: (variables: ReactionVariables) => void = useUnit(reactionRequested);
  const busy = useStoreMap({ store: $reactingIds, keys: [apartmentId], fn: (ids, [id]) => ids.has(id) });
  return { react, busy };
}
