import type { CityColumns } from '../city-columns';
import { binOf, DIMENSIONS, DIMENSION_COUNT, MAX_BINS, REASON_DIMENSIONS } from './dimensions';
import {
  DIRECTION_PRIORS,
  STATED_PRICE_PRIOR,
  WISH_PRIORS,
  directionOf,
  intervals,
  logPrior,
  type Direction,
  type DirectionPrior,
  type Interval,
} from './hypotheses';
import { Random } from '../../catalog/generator';

/** One rating as the model reads it: the listing's raw facts (see dimensions.ts), the verdict and its reasons. */
export interface TasteRating {
  values: ArrayLike<number>;
  areaId: number;
  complexId: number;
  liked: boolean;
  reasons: readonly string[];
}

/** Per dimension: its intervals and their posterior probabilities (summing to 1). */
export interface DimensionPosterior {
  bins: number;
  intervals: readonly Interval[];
  probability: Float64Array;
}

export interface Taste {
  /** P(the buyer accepts a value in this bin), DIMENSION_COUNT × SLOTS; the last slot of each is "value unknown". */
  accept: Float32Array;
  /** Districts and complexes the buyer turned down by name (DISTRICT, HOUSE): a factor below 1. */
  districtFactor: ReadonlyMap<number, number>;
  complexFactor: ReadonlyMap<number, number>;
  posteriors: readonly DimensionPosterior[];
  ratings: number;
}

export const SLOTS = MAX_BINS + 1;
export const UNKNOWN_SLOT = MAX_BINS;

/** A buyer's clicks are not perfectly consistent: any one piece of evidence is wrong this often. */
const NOISE = 0.05;
/** A dislike whose reasons leave a fact unnamed suggests, weakly, that the fact was fine. */
const UNNAMED_NOISE = 0.3;
/** What one dislike "because of the district / the house" leaves of that district's or complex's chances. */
const NAMED_PLACE_FACTOR = 0.15;

interface Working {
  bins: number;
  intervals: readonly Interval[];
  /** inside[h × bins + bin] = 1 when interval h accepts the bin. */
  inside: Uint8Array;
  /** Posterior probability of each interval, kept normalised. */
  p: Float64Array;
}

/** Intervals and their membership table depend only on the number of bins: built once per count. */
const shapes = new Map<number, { intervals: Interval[]; inside: Uint8Array }>();
function shapeOf(bins: number) {
  let shape = shapes.get(bins);
  if (!shape) {
    const all = intervals(bins);
    const inside = new Uint8Array(all.length * bins);
    all.forEach((h, i) => {
      for (let bin = h.lo; bin <= h.hi; bin++) inside[i * bins + bin] = 1;
    });
    shape = { intervals: all, inside };
    shapes.set(bins, shape);
  }
  return shape;
}

const priors = new WeakMap<DirectionPrior, Map<number, Float64Array>>();
function priorOf(prior: DirectionPrior, bins: number): Float64Array {
  let byBins = priors.get(prior);
  if (!byBins) priors.set(prior, (byBins = new Map<number, Float64Array>()));
  let p = byBins.get(bins);
  if (!p) {
    p = logPrior(shapeOf(bins).intervals, bins, prior).map(Math.exp);
    const sum = p.reduce((s, v) => s + v, 0);
    p = p.map((v) => v / sum);
    byBins.set(bins, p);
  }
  return p;
}

/** P(bin accepted) under the current posterior of one dimension. */
function acceptance(w: Working, bin: number): number {
  let sum = 0;
  for (let h = 0; h < w.p.length; h++) if (w.inside[h * w.bins + bin]) sum += w.p[h]!;
  return sum;
}

/** Multiplies each interval's probability by the likelihood of the evidence given that interval, and renormalises. */
function observe(w: Working, bin: number, likelihoodInside: number, likelihoodOutside: number): void {
  let sum = 0;
  for (let h = 0; h < w.p.length; h++) sum += w.p[h]! *= w.inside[h * w.bins + bin] ? likelihoodInside : likelihoodOutside;
  for (let h = 0; h < w.p.length; h++) w.p[h]! /= sum;
}

/**
 * "At least one of these facts was wrong" (a reason naming several facts, or a dislike with no reason at all). The
 * exact posterior couples the facts; each one is updated as if the others kept their current chances (mean field).
 */
function observeSomeFailed(working: Working[], bins: ReadonlyMap<number, number>): void {
  const accepted = new Map<number, number>();
  for (const [d, bin] of bins) accepted.set(d, acceptance(working[d]!, bin));
  for (const [d, bin] of bins) {
    let othersFine = 1;
    for (const [e, p] of accepted) if (e !== d) othersFine *= p;
    observe(working[d]!, bin, 1 - (1 - NOISE) * othersFine, 1);
  }
}

export interface TasteOptions {
  /** Wish codes the user stated (or the portrait implies): they replace the prior of the facts they are about. */
  wishes?: readonly string[];
  /** The user set a target price, so the price prior leaves it to the target. */
  statedPrice?: boolean;
  /** 0…1: how far one posterior sample replaces the posterior's mean (Thompson sampling); 0 = pure exploitation. */
  explore?: number;
  seed?: number;
}

/** The posterior over every dimension's accepted interval, from the ratings, in one city's bins. */
export function learnTaste(edges: readonly Float64Array[], ratings: readonly TasteRating[], options: TasteOptions = {}): Taste {
  const wished = new Map(
    (options.wishes ?? []).flatMap((code) => (WISH_PRIORS[code] ? [[WISH_PRIORS[code].dimension, WISH_PRIORS[code].prior]] : [])),
  );
  if (options.statedPrice) wished.set('price', STATED_PRICE_PRIOR);
  const working: Working[] = DIMENSIONS.map((name, d) => {
    const bins = edges[d]!.length + 1;
    const { intervals, inside } = shapeOf(bins);
    return { bins, intervals, inside, p: Float64Array.from(priorOf(wished.get(name) ?? DIRECTION_PRIORS[name], bins)) };
  });
  const binsOf = (rating: TasteRating) => {
    const out = new Map<number, number>();
    for (let d = 0; d < DIMENSION_COUNT; d++) {
      const v = rating.values[d]!;
      if (!Number.isNaN(v)) out.set(d, binOf(edges[d]!, v));
    }
    return out;
  };

  const districtFactor = new Map<number, number>();
  const complexFactor = new Map<number, number>();
  const unexplained: TasteRating[] = [];
  // Exact evidence first, so the mean-field steps below lean on what is already known.
  for (const rating of ratings) {
    const bins = binsOf(rating);
    if (rating.liked) {
      for (const [d, bin] of bins) observe(working[d]!, bin, 1 - NOISE, NOISE);
      districtFactor.delete(rating.areaId);
      complexFactor.delete(rating.complexId);
      continue;
    }
    const named = rating.reasons.filter((r) => REASON_DIMENSIONS[r] || r === 'DISTRICT' || r === 'HOUSE');
    if (named.length === 0) {
      unexplained.push(rating);
      continue;
    }
    const namedDimensions = new Set<number>();
    for (const reason of named) {
      if (reason === 'DISTRICT') districtFactor.set(rating.areaId, (districtFactor.get(rating.areaId) ?? 1) * NAMED_PLACE_FACTOR);
      if (reason === 'HOUSE') complexFactor.set(rating.complexId, (complexFactor.get(rating.complexId) ?? 1) * NAMED_PLACE_FACTOR);
      const group = new Map<number, number>();
      for (const name of REASON_DIMENSIONS[reason] ?? []) {
        const d = DIMENSIONS.indexOf(name);
        namedDimensions.add(d);
        if (bins.has(d)) group.set(d, bins.get(d)!);
      }
      if (group.size === 1) {
        const [d, bin] = [...group][0]!;
        observe(working[d]!, bin, NOISE, 1 - NOISE);
      } else if (group.size > 1) observeSomeFailed(working, group);
    }
    for (const [d, bin] of bins) if (!namedDimensions.has(d)) observe(working[d]!, bin, 1 - UNNAMED_NOISE, UNNAMED_NOISE);
  }
  for (const rating of unexplained) observeSomeFailed(working, binsOf(rating));

  const random = new Random(options.seed ?? 1);
  const explore = options.explore ?? 0;
  const accept = new Float32Array(DIMENSION_COUNT * SLOTS);
  const posteriors = working.map((w, d) => {
    const probability = w.p;
    const sampled = explore > 0 ? w.intervals[sample(probability, random.next())]! : null;
    let sum = 0;
    for (let bin = 0; bin < w.bins; bin++) {
      const mean = acceptance(w, bin);
      // Thompson sampling, softened: one plausible taste per dimension pulls the page its way, more so early on.
      const value = sampled ? (1 - explore) * mean + explore * (sampled.lo <= bin && bin <= sampled.hi ? 1 : 0.25) : mean;
      accept[d * SLOTS + bin] = value;
      sum += value;
    }
    accept[d * SLOTS + UNKNOWN_SLOT] = sum / w.bins;
    return { bins: w.bins, intervals: w.intervals, probability };
  });
  return { accept, districtFactor, complexFactor, posteriors, ratings: ratings.length };
}

function sample(probability: Float64Array, u: number): number {
  let acc = 0;
  for (let h = 0; h < probability.length; h++) {
    acc += probability[h]!;
    if (u < acc) return h;
  }
  return probability.length - 1;
}

/** P(the buyer accepts this listing's facts), before wishes and value for money. */
export function acceptanceOf(taste: Taste, c: CityColumns, row: number): number {
  let p = 1;
  const base = row * DIMENSION_COUNT;
  for (let d = 0; d < DIMENSION_COUNT; d++) p *= taste.accept[d * SLOTS + c.tasteBins[base + d]!]!;
  if (taste.districtFactor.size > 0) p *= taste.districtFactor.get(c.areaId[row]!) ?? 1;
  if (taste.complexFactor.size > 0) p *= taste.complexFactor.get(c.complexId[row]!) ?? 1;
  return p;
}

/** The most likely direction of a dimension's constraint and how sure the model is that there is one at all. */
export function constraintOf(posterior: DimensionPosterior): { direction: Direction; certainty: number } {
  const mass: Record<Direction, number> = { none: 0, upper: 0, lower: 0, band: 0 };
  posterior.intervals.forEach((h, i) => (mass[directionOf(h, posterior.bins)] += posterior.probability[i]!));
  const direction = (['upper', 'lower', 'band'] as const).reduce((best, d) => (mass[d] > mass[best] ? d : best), 'upper' as Direction);
  return { direction, certainty: 1 - mass.none };
}
