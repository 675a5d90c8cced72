/**
 * Spec §9 "Ads in feed": the first ad after item index first − 1, then every N items; compact
 * mode first 3, N 6, otherwise first 6, N 10; a list shorter than `first` gets one ad after its last item.
 * Returns the item indexes an ad follows.
 */
export function adPositions(length: number, compact: boolean): number[] {
  if (length <= 0) return [];
  const first = compact ? 3 : 6;
  const every = compact ? 6 : 10;
  if (length < first) return [length - 1];
  const positions: number[] = [];
  for (let index = first - 1; index < length; index += every) positions.push(index);
  return positions;
}

/** Slot codes rotate through three codes per theme. */
const SLOT_CODES = {
  light: ['feed-light-1', 'feed-light-2', 'feed-light-3'],
  dark: ['feed-dark-1', 'feed-dark-2', 'feed-dark-3'],
} as const;

export function adSlotCode(order: number, theme: 'light' | 'dark'): string {
  return SLOT_CODES[theme][order % 3]!;
}
