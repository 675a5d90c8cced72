import { useUnit } from 'effector-react';
import { useClientStoreMap } from '@/shared/lib';
import type { ApartmentItem } from '@/shared/api';
import { $reactingIds, reactionRequested } from '../model/reaction';
import { $reactionShadows, shadowed, type ReactionShadow, type ReactionVariables } from '../model/shadow';

/** The card as the buyer should see it: the cached item with their own latest reaction laid over it. */
export function useShadowed(item: ApartmentItem): ApartmentItem {
  return shadowed(item, useShadow(item.id) ?? undefined);
}

/**
 * The buyer's own latest reaction to the apartment on this device, or null. Presses happen in this browser only, so
 * the server drew none: a card hydrating after a press elsewhere still matches its markup (see useClientStoreMap).
 */
export function useShadow(apartmentId: number): ReactionShadow | null {
  return useClientStoreMap($reactionShadows, (shadows) => shadows[apartmentId] ?? null, null);
}

/**
 * Sends a reaction for the current user; `busy` while one for this apartment is on its way or queued. Reactions from
 * different cards queue behind each other (spec §4: one in flight at a time).
 */
export function useReaction(apartmentId: number): { react: (variables: ReactionVariables) => void; busy: boolean } {
  const react: (variables: ReactionVariables) => void = useUnit(reactionRequested);
  const busy = useClientStoreMap($reactingIds, (ids) => ids.has(apartmentId), false);
  return { react, busy };
}
