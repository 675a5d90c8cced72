import type { CityColumns } from './city-columns';
import { FLAG, INFRA_ORDER, NO_METRO_MINUTES } from './constants';

/** Features the per-user model learns over; each is centred near 0 for a typical listing. */
export const FEATURES = [
  'priceVsMarket',
  'budget',
  'area',
  'kitchen',
  'floor',
  'metro',
  'centre',
  'infrastructure',
  'renovation',
  'completed',
  'rooms',
] as const;
export type FeatureName = (typeof FEATURES)[number];
export const FEATURE_COUNT = FEATURES.length;
const F = Object.fromEntries(FEATURES.map((name, i) => [name, i])) as Record<FeatureName, number>;

/** Linear weights over FEATURES, stored per user (JSON-safe). */
export interface PreferenceModel {
  weights: number[];
  updates: number;
  /**
   * Running mean of the features of the listings the user rated. Learning uses features relative to
   * it: inside a 15–25 M budget every listing is "expensive" by the city's standard, and a like must
   * not teach "more expensive is better". Absent in models stored before it existed (= zeros).
   */
  mean?: number[];
}

export function emptyPreference(): PreferenceModel {
  return { weights: FEATURES.map(() => 0), updates: 0 };
}

/** Computes a listing's features; used once per row when the index is built. */
export function writeFeatures(c: CityColumns, row: number, out: Float64Array): Float64Array {
  const minutes = c.metroMinutes[row] === NO_METRO_MINUTES ? 40 : Math.min(40, c.metroMinutes[row]!);
  let infra = 0;
  for (let k = 0; k < INFRA_ORDER.length; k++) infra += Math.min(3000, c.infra[row * INFRA_ORDER.length + k]!);
  out[F.priceVsMarket] = Math.log(c.fairRatio[row]!) * 8;
  out[F.budget] = Math.log(c.price[row]! / 10_000_000) * 1.5;
  out[F.area] = Math.log(c.areaTotal[row]! / 50) * 2;
  out[F.kitchen] = (c.areaKitchen[row]! - 11) / 5;
  out[F.floor] = c.floors[row]! > 1 ? (c.floor[row]! - 1) / (c.floors[row]! - 1) - 0.5 : 0;
  out[F.metro] = minutes / 15 - 1;
  out[F.centre] = c.centreKm[row]! / 8 - 1;
  out[F.infrastructure] = infra / INFRA_ORDER.length / 800 - 1;
  out[F.renovation] = (c.flags[row]! & FLAG.RENOVATED ? 1 : 0) - 0.5;
  out[F.completed] = (c.flags[row]! & FLAG.STAGE_PUT ? 1 : 0) - 0.5;
  out[F.rooms] = c.rooms[row]! - 2;
  return out;
}

/** A listing's precomputed features (a copy). */
export function featureVector(c: CityColumns, row: number): Float64Array {
  return Float64Array.from(c.features.subarray(row * FEATURE_COUNT, (row + 1) * FEATURE_COUNT));
}

/**
 * Softness of the score: with weights up to ±4 a plain logistic saturates after a few reactions and
 * the best candidates all score ~1, leaving their order to chance; a temperature keeps them apart.
 */
const TEMPERATURE = 4;

/** 0…1: how much the user's learned taste likes this listing (0.5 = no opinion). */
export function preferenceScore(model: PreferenceModel, features: ArrayLike<number>, offset = 0): number {
  let z = 0;
  for (let i = 0; i < FEATURE_COUNT; i++) z += (model.weights[i] ?? 0) * features[offset + i]!;
  return 1 / (1 + Math.exp(-z / TEMPERATURE));
}

const LEARNING_RATE = 0.35;
const MAX_WEIGHT = 4;

/**
 * What a dislike reason says about taste. Each entry: the feature and the direction the user
 * wants it to move (−1: less of it, or 'away' from the disliked listing's own value).
 */
const REASON_EFFECTS: Record<string, Array<[FeatureName, number | 'away']>> = {
  PRICE: [
    ['priceVsMarket', -1.2],
    ['budget', -1],
  ],
  AREA: [['area', 'away']],
  LAYOUT: [
    ['area', 'away'],
    ['rooms', 'away'],
  ],
  KITCHEN: [['kitchen', 1]],
  FLOOR: [['floor', 'away']],
  RENOVATION: [['renovation', 'away']],
  DEADLINE: [['completed', 1]],
  HOUSE: [['completed', 'away']],
  DISTRICT: [['centre', 'away']],
  CENTRE: [['centre', -1]],
  METRO: [['metro', -1]],
  INFRASTRUCTURE: [['infrastructure', -1]],
};

/** How hard a named dislike reason pushes, relative to the learning rate. */
const REASON_RATE = 1;

/**
 * A like pulls the model towards the listing; a dislike pushes away, and along the named reasons.
 * Both relative to the mean of what the user rated before (see PreferenceModel.mean); the quality
 * benchmark (bench/quality.ts) is what these constants were tuned on.
 */
export function updatePreference(
  model: PreferenceModel,
  features: Float64Array,
  action: 'LIKE' | 'DISLIKE',
  reasons: readonly string[] = [],
): PreferenceModel {
  const weights = [...model.weights];
  const mean = model.mean ?? FEATURES.map(() => 0);
  // The first rating has nothing to compare with: the city-centred features stand in.
  const x = Array.from(features, (f, i) => (model.updates > 0 ? f - (mean[i] ?? 0) : f));
  const sign = action === 'LIKE' ? 1 : -0.5;
  for (let i = 0; i < weights.length; i++) weights[i] = (weights[i] ?? 0) + LEARNING_RATE * sign * x[i]!;
  if (action === 'DISLIKE') {
    for (const reason of reasons) {
      for (const [feature, direction] of REASON_EFFECTS[reason] ?? []) {
        const i = F[feature];
        const push = direction === 'away' ? -Math.sign(x[i]!) || 0 : direction;
        weights[i] = (weights[i] ?? 0) + LEARNING_RATE * REASON_RATE * push;
      }
    }
  }
  const updates = model.updates + 1;
  return {
    weights: weights.map((w) => Math.max(-MAX_WEIGHT, Math.min(MAX_WEIGHT, w))),
    updates,
    mean: mean.map((m, i) => m + (features[i]! - m) / updates),
  };
}
