/** Minimum viewport width → column count (spec §9 "Masonry columns"). */
export type ColumnBreakpoints = Readonly<Record<number, number>>;

/** The feed's reading of spec §9: 300→1, 414→2, 1024→3, 1280→4. */
export const FEED_COLUMNS: ColumnBreakpoints = { 300: 1, 414: 2, 1024: 3, 1280: 4 };

/** The column count for a width: the entry of the largest breakpoint not above it, at least 1. */
export function columnCountFor(width: number, breakpoints: ColumnBreakpoints): number {
  let count = 1;
  let best = -1;
  for (const [key, value] of Object.entries(breakpoints)) {
    const min = Number(key);
    if (min <= width && min > best) {
      best = min;
      count = value;
    }
  }
  return Math.max(1, count);
}

/**
 * Deals items into columns left to right, so the first row reads in rank order (1, 2, 3, …)
 * the way a person scans a masonry grid; heights are not measured, which keeps the layout stable
 * while images load.
 */
export function dealIntoColumns<T>(items: readonly T[], columns: number): T[][] {
  const result: T[][] = Array.from({ length: Math.max(1, columns) }, () => []);
  items.forEach((item, index) => result[index % result.length]!.push(item));
  return result;
}
