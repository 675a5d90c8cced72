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
