/** One asking price of the listing and its change against the one before, in whole percent (null for the first). */
export interface PriceRow {
  date: string;
  priceTotal: number;
  change: number | null;
}

/** The listing's own prices, oldest first, each with its change in percent (to 0,1 % where under 1 %). */
export function priceRows(points: ReadonlyArray<{ date: string; priceTotal: number }>): PriceRow[] {
  return points.map((p, i) => {
    const previous = points[i - 1]?.priceTotal;
    return { ...p, change: previous ? percent(p.priceTotal, previous) : null };
  });
}

/** From the first asking price to the last, in percent; null with fewer than two prices. */
export function totalChange(points: ReadonlyArray<{ priceTotal: number }>): number | null {
  if (points.length < 2) return null;
  return percent(points[points.length - 1]!.priceTotal, points[0]!.priceTotal);
}

function percent(now: number, before: number): number {
  const change = (now / before - 1) * 100;
  return Math.abs(change) < 1 ? Math.round(change * 10) / 10 : Math.round(change);
}

/** '2025-03' → the middle of that month (UTC ms): a month's average sits mid-month on a time axis. */
export function monthTime(month: string): number {
  const [year, m] = month.split('-').map(Number);
  return Date.UTC(year!, (m ?? 1) - 1, 15);
}

/**
 * A y-axis that does not magnify noise: it spans at least 40 % of the values' middle, so a ±3 % wobble looks like
 * ±3 %, and is rounded outwards to 10 000 ₽/m². (An axis from 167 тыс. to 175 тыс. made 3 % look like a crash.)
 */
export function axisRange(values: number[]): { min: number; max: number } {
  const finite = values.filter((v) => Number.isFinite(v) && v > 0);
  if (finite.length === 0) return { min: 0, max: 1 };
  const lo = Math.min(...finite);
  const hi = Math.max(...finite);
  const middle = (lo + hi) / 2;
  const half = Math.max(((hi - lo) / 2) * 1.15, middle * 0.2);
  const step = 10_000;
  return { min: Math.max(0, Math.floor((middle - half) / step) * step), max: Math.ceil((middle + half) / step) * step };
}
