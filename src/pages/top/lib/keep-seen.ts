import type { ApartmentItem } from '@/shared/api';

/**
 * The TOP read again after a rating with reasons: the cards the buyer has already seen — down to the one rated —
 * keep their places and show their new index; the cards below follow the fresh order, which is what the rating
 * taught. A rated card no longer on screen (or no rating) leaves the fresh list as it came.
 */
export function keepSeen(shown: readonly ApartmentItem[], fresh: readonly ApartmentItem[], ratedId: number | null): ApartmentItem[] {
  const at = ratedId === null ? -1 : shown.findIndex((item) => item.id === ratedId);
  if (at < 0) return [...fresh];
  const freshById = new Map(fresh.map((item) => [item.id, item]));
  const seen = shown.slice(0, at + 1).map((item) => freshById.get(item.id) ?? item);
  const seenIds = new Set(seen.map((item) => item.id));
  return [...seen, ...fresh.filter((item) => !seenIds.has(item.id))].slice(0, Math.max(fresh.length, seen.length));
}
