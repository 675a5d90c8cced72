import type { CityColumns } from '../city-columns';
import { FLAG, INFRA_ORDER, NO_METRO_MINUTES } from '../constants';
import { FAR_FROM_METRO_MINUTES } from '../metro-walk';

/**
 * What a buyer's hidden constraints are about: the facts a card and an apartment page show. Each dimension is cut
 * into per-city bins, and the taste model learns over intervals of bins ("kitchen from 11 m²", "not the first
 * floor", "up to 12 minutes from the metro").
 */
export const DIMENSIONS = [
  'price',
  'area',
  'kitchen',
  'floor',
  'floorShare',
  'metro',
  'centre',
  'finishing',
  'deadline',
  'rooms',
  // Each kind on its own: one buyer wants a school near, another a park (INFRA_ORDER order).
  'school',
  'kindergarten',
  'park',
  'shop',
  'clinic',
] as const;
export type Dimension = (typeof DIMENSIONS)[number];
export const DIMENSION_COUNT = DIMENSIONS.length;
export const DIM = Object.fromEntries(DIMENSIONS.map((name, i) => [name, i])) as Record<Dimension, number>;
/** At most this many bins per dimension (fewer where values repeat, e.g. finishing has 2). */
export const MAX_BINS = 12;

/**
 * The dimensions a dislike reason (spec §4 notices) names: the buyer says at least one of them is wrong. DISTRICT and
 * HOUSE name the listing's district and complex themselves, which the model keeps apart (see model.ts).
 */
export const REASON_DIMENSIONS: Readonly<Record<string, readonly Dimension[]>> = {
  PRICE: ['price'],
  AREA: ['area'],
  LAYOUT: ['area', 'rooms'],
  KITCHEN: ['kitchen'],
  FLOOR: ['floor', 'floorShare'],
  RENOVATION: ['finishing'],
  DEADLINE: ['deadline'],
  METRO: ['metro'],
  CENTRE: ['centre'],
  INFRASTRUCTURE: ['school', 'kindergarten', 'park', 'shop', 'clinic'],
};

/** A listing's raw value on every dimension (NaN: unknown, e.g. a feed without the kitchen's area). */
export function writeTasteValues(c: CityColumns, row: number, out: Float64Array): Float64Array {
  const floors = c.floors[row]!;
  const flags = c.flags[row]!;
  out[DIM.price] = c.price[row]!;
  out[DIM.area] = c.areaTotal[row]!;
  out[DIM.kitchen] = c.areaKitchen[row]! > 0 ? c.areaKitchen[row]! : NaN;
  out[DIM.floor] = c.floor[row]!;
  out[DIM.floorShare] = floors > 1 ? (c.floor[row]! - 1) / (floors - 1) : 0.5;
  // No metro in this city, or one too far to matter, stands as the far cap.
  out[DIM.metro] =
    c.metroMinutes[row] === NO_METRO_MINUTES ? FAR_FROM_METRO_MINUTES : Math.min(FAR_FROM_METRO_MINUTES, c.metroMinutes[row]!);
  out[DIM.centre] = c.centreKm[row]!;
  out[DIM.finishing] = flags & FLAG.RENOVATION_KNOWN ? (flags & FLAG.RENOVATED ? 1 : 0) : NaN;
  out[DIM.deadline] = flags & FLAG.STAGE_PUT ? 0 : quarterIndex(c.deadline[row]!);
  out[DIM.rooms] = Math.min(4, c.rooms[row]!);
  for (let k = 0; k < INFRA_ORDER.length; k++) out[DIM.school + k] = Math.min(5000, c.infra[row * INFRA_ORDER.length + k]!);
  return out;
}

/** year × 10 + quarter → quarters since year 0, so "two quarters later" is 2 apart across a new year. */
const quarterIndex = (deadline: number) => Math.floor(deadline / 10) * 4 + (deadline % 10);

/**
 * Fixed cuts where the meaning is fixed (the first floor is its own bin, as is the top one), quantiles of the city's
 * own listings elsewhere, so a bin holds a comparable share of the market in Moscow and in Rostov.
 */
const FIXED_EDGES: Partial<Record<Dimension, readonly number[]>> = {
  floor: [2, 3, 4, 6, 9, 13, 17, 21, 26],
  floorShare: [0.001, 0.25, 0.5, 0.75, 0.999],
  finishing: [0.5],
  rooms: [1, 2, 3, 4],
};

/** Bin boundaries per dimension: a value v falls in bin = the number of edges ≤ v. */
export function binEdges(c: CityColumns, values: Float64Array): Float64Array[] {
  return DIMENSIONS.map((name, d) => {
    const fixed = FIXED_EDGES[name];
    if (fixed) return Float64Array.from(fixed);
    const known: number[] = [];
    for (let r = 0; r < c.size; r++) {
      const v = values[r * DIMENSION_COUNT + d]!;
      if (!Number.isNaN(v)) known.push(v);
    }
    known.sort((a, b) => a - b);
    const edges: number[] = [];
    for (let k = 1; k < MAX_BINS; k++) {
      const v = known[Math.floor((known.length * k) / MAX_BINS)];
      // A value shared by many rows (every finished house has deadline 0) becomes one bin, not several empty ones.
      if (v !== undefined && (edges.length === 0 || v > edges[edges.length - 1]!) && v > known[0]!) edges.push(v);
    }
    return Float64Array.from(edges);
  });
}

export function binOf(edges: Float64Array, value: number): number {
  let bin = 0;
  while (bin < edges.length && value >= edges[bin]!) bin++;
  return bin;
}
