import type { Dimension } from './dimensions';

/**
 * A hypothesis about one dimension: the buyer accepts bins lo…hi and nothing else. The whole range is "no
 * constraint"; lo = 0 is an upper bound ("up to 12 minutes"), hi = last an lower bound ("kitchen from 11 m²").
 */
export interface Interval {
  lo: number;
  hi: number;
}

export type Direction = 'none' | 'upper' | 'lower' | 'band';

export function directionOf({ lo, hi }: Interval, bins: number): Direction {
  if (lo === 0 && hi === bins - 1) return 'none';
  if (lo === 0) return 'upper';
  if (hi === bins - 1) return 'lower';
  return 'band';
}

export function intervals(bins: number): Interval[] {
  const out: Interval[] = [];
  for (let lo = 0; lo < bins; lo++) for (let hi = lo; hi < bins; hi++) out.push({ lo, hi });
  return out;
}

export type DirectionPrior = Record<Direction, number>;

/**
 * How people limit each fact before they have said anything: about half of buyers care about a given fact at all,
 * and those who do mostly want it cheaper, bigger, nearer, sooner. These are priors, not rules: a few ratings
 * against them outweigh them.
 */
export const DIRECTION_PRIORS: Record<Dimension, DirectionPrior> = {
  price: { none: 0.5, upper: 0.44, lower: 0.02, band: 0.04 },
  area: { none: 0.5, upper: 0.06, lower: 0.32, band: 0.12 },
  kitchen: { none: 0.5, upper: 0.03, lower: 0.42, band: 0.05 },
  floor: { none: 0.5, upper: 0.14, lower: 0.26, band: 0.1 },
  floorShare: { none: 0.6, upper: 0.1, lower: 0.12, band: 0.18 },
  metro: { none: 0.5, upper: 0.44, lower: 0.02, band: 0.04 },
  centre: { none: 0.55, upper: 0.35, lower: 0.05, band: 0.05 },
  finishing: { none: 0.5, upper: 0.15, lower: 0.35, band: 0 },
  deadline: { none: 0.5, upper: 0.44, lower: 0.02, band: 0.04 },
  rooms: { none: 0.6, upper: 0.1, lower: 0.1, band: 0.2 },
  // «Инфраструктура» is about one kind or another, so each kind alone is limited less often.
  school: { none: 0.75, upper: 0.22, lower: 0.01, band: 0.02 },
  kindergarten: { none: 0.75, upper: 0.22, lower: 0.01, band: 0.02 },
  park: { none: 0.75, upper: 0.22, lower: 0.01, band: 0.02 },
  shop: { none: 0.75, upper: 0.22, lower: 0.01, band: 0.02 },
  clinic: { none: 0.75, upper: 0.22, lower: 0.01, band: 0.02 },
};

/** What a stated wish says about a dimension: it replaces that dimension's prior. */
export const WISH_PRIORS: Readonly<Record<string, { dimension: Dimension; prior: DirectionPrior }>> = {
  BIG_KITCHEN: { dimension: 'kitchen', prior: { none: 0.15, upper: 0.01, lower: 0.8, band: 0.04 } },
  METRO_NEARBY: { dimension: 'metro', prior: { none: 0.15, upper: 0.8, lower: 0.01, band: 0.04 } },
  NOT_FIRST_FLOOR: { dimension: 'floor', prior: { none: 0.15, upper: 0.02, lower: 0.78, band: 0.05 } },
  HIGH_FLOOR: { dimension: 'floor', prior: { none: 0.15, upper: 0.01, lower: 0.8, band: 0.04 } },
  FINISHED: { dimension: 'finishing', prior: { none: 0.15, upper: 0.02, lower: 0.83, band: 0 } },
  HOUSE_COMPLETED: { dimension: 'deadline', prior: { none: 0.15, upper: 0.82, lower: 0.01, band: 0.02 } },
  CLOSE_TO_CENTRE: { dimension: 'centre', prior: { none: 0.15, upper: 0.8, lower: 0.02, band: 0.03 } },
};

/** A target price the user set (TOP) already says where the price should be: no more "cheaper is better". */
export const STATED_PRICE_PRIOR: DirectionPrior = { none: 0.85, upper: 0.1, lower: 0.02, band: 0.03 };

/** Log prior of each interval: the direction's mass shared evenly among the intervals of that direction. */
export function logPrior(all: readonly Interval[], bins: number, prior: DirectionPrior): Float64Array {
  const counts: Record<Direction, number> = { none: 0, upper: 0, lower: 0, band: 0 };
  for (const h of all) counts[directionOf(h, bins)]++;
  return Float64Array.from(all, (h) => {
    const direction = directionOf(h, bins);
    // Two bins (finishing) have no band: its share is simply not there.
    const mass = counts[direction] > 0 ? prior[direction] / counts[direction] : 0;
    return mass > 0 ? Math.log(mass) : -Infinity;
  });
}
