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
import { Random } from '../../catalog/reference';
import { INTERCEPT, WEIGHT_COUNT, fitWeights, likeChance, type GradedObservation } from './weights';

/** One rating as the model reads it: the listing's raw facts (see dimensions.ts), the verdict and its reasons. */
export interface TasteRating {
  values: ArrayLike<number>;
  areaId: number;
  complexId: number;
  liked: boolean;
  reasons: readonly string[];
  /** The rated listing, where known: its own dislike must never raise the index it shows (query.ts). */
  apartmentId?: number;
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
  /** How much each fact matters (weights.ts), the posterior mean; INTERCEPT last. */
  weights: Float64Array;
  /** The newest ratings contradicted what the older ones taught: the fact whose weight moved most, and which way. */
  change: { dimension: number; towards: 'higher' | 'lower' } | null;
  /** P(the ratings read as hard limits rather than a trade-off): the graded factor's influence shrinks as it grows. */
  limits: number;
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

/** Ratings are read newest first; one this many ratings older counts half as much in the graded model. */
const HALF_LIFE = 30;
/** A page: the newest this many ratings are tested against what the older ones taught. */
const BATCH = 10;
/** How surprising (in standard deviations of the log-loss) the newest page must be to count as a change of mind. */
const DRIFT_Z = 2.5;
/** Once the buyer changed their mind, ratings older than the newest page count this much. */
const DRIFT_OLD_WEIGHT = 0.2;
/** How far the weights' prior leans with the direction prior (P(lower) − P(upper), weights.ts), and its spread. */
const PRIOR_LEAN = 1;
const PRIOR_PRECISION = 0.5;
const INTERCEPT_PRIOR = { mean: -1, precision: 0.25 };
/** A named reason's evidence about its fact: its strength (one rating = 1) and how far it reads the gap. */
const REASON_WEIGHT = 1.5;
const REASON_GAIN = 2;
/** How strongly the graded model shapes the score next to the limits (an exponent on its per-bin factor). */
const GRADED = 1;
/**
 * The least share of a bin's acceptance the graded model leaves it when the ratings read as a trade-off: it reorders
 * what the limits accept, and can never push a listing the limits rule out above one they accept (a hard limit stays
 * hard). As the ratings read more like hard limits (limitsLikelihood) the share rises towards 1: applied to every
 * buyer, 0.7 cost the constraint population 1.4 points on 200 simulated buyers (0.5 cost it 2.8 on 100).
 */
const FLOOR = 0.7;
/**
 * Hard limits or a trade-off? How often a named fact is contradicted by a like standing further out on it: rarely
 * under hard limits (a click now and then), often when the buyer weighs facts against each other. And how often a
 * dislike names nothing: under hard limits the failing fact is plain to see; a listing that is merely not good enough
 * overall often has no one reason. Both are read as likelihood ratios on even prior odds.
 */
const CONTRADICTED_UNDER_LIMITS = NOISE;
const CONTRADICTED_UNDER_TRADE_OFFS = 0.35;
const UNNAMED_UNDER_LIMITS = 0.1;
const UNNAMED_UNDER_TRADE_OFFS = 0.4;
const CONTRADICTED_LOG_LR = Math.log(CONTRADICTED_UNDER_LIMITS / CONTRADICTED_UNDER_TRADE_OFFS);
const CONSISTENT_LOG_LR = Math.log((1 - CONTRADICTED_UNDER_LIMITS) / (1 - CONTRADICTED_UNDER_TRADE_OFFS));
const UNNAMED_LOG_LR = Math.log(UNNAMED_UNDER_LIMITS / UNNAMED_UNDER_TRADE_OFFS);
const NAMED_LOG_LR = Math.log((1 - UNNAMED_UNDER_LIMITS) / (1 - UNNAMED_UNDER_TRADE_OFFS));
/** The weight change on one fact that the explanation calls a change of mind. */
const MIN_SHIFT = 0.5;

/** A bin's place among the city's bins, −1 (lowest) … +1 (highest); 0 when the value is unknown. */
export const position = (bin: number, bins: number) => (bins > 1 ? (2 * bin) / (bins - 1) - 1 : 0);

/** The posterior over every dimension's accepted interval, from the ratings, in one city's bins. */
export function learnTaste(edges: readonly Float64Array[], ratings: readonly TasteRating[], options: TasteOptions = {}): Taste {
  const wished = new Map(
    (options.wishes ?? []).flatMap((code) => (WISH_PRIORS[code] ? [[WISH_PRIORS[code].dimension, WISH_PRIORS[code].prior]] : [])),
  );
  if (options.statedPrice) wished.set('price', STATED_PRICE_PRIOR);
  const directionPriors = DIMENSIONS.map((name) => wished.get(name) ?? DIRECTION_PRIORS[name]);
  const binCounts = edges.map((e) => e.length + 1);
  const binsOf = (rating: TasteRating) => {
    const out = new Map<number, number>();
    for (let d = 0; d < DIMENSION_COUNT; d++) {
      const v = rating.values[d]!;
      if (!Number.isNaN(v)) out.set(d, binOf(edges[d]!, v));
    }
    return out;
  };
  const rated = ratings.map(binsOf);

  // The graded model, first on the older ratings alone: if the newest page surprises it, the buyer changed their mind.
  const priorMean = new Float64Array(WEIGHT_COUNT);
  const priorPrecision = new Float64Array(WEIGHT_COUNT).fill(PRIOR_PRECISION);
  directionPriors.forEach((prior, d) => (priorMean[d] = PRIOR_LEAN * (prior.lower - prior.upper)));
  priorMean[INTERCEPT] = INTERCEPT_PRIOR.mean;
  priorPrecision[INTERCEPT] = INTERCEPT_PRIOR.precision;
  const recency = ratings.map((_, i) => 0.5 ** (i / HALF_LIFE));
  let change: Taste['change'] = null;
  let drifted = false;
  if (ratings.length >= 2 * BATCH) {
    const older = fitWeights(gradedObservations(ratings, rated, binCounts, recency, directionPriors, BATCH), priorMean, priorPrecision);
    if (surprise(ratings, rated, binCounts, older.mean) > DRIFT_Z) {
      drifted = true;
      for (let i = BATCH; i < recency.length; i++) recency[i]! *= DRIFT_OLD_WEIGHT;
      const now = fitWeights(gradedObservations(ratings, rated, binCounts, recency, directionPriors, 0), priorMean, priorPrecision).mean;
      let best = -1;
      for (let d = 0; d < DIMENSION_COUNT; d++) {
        const shift = now[d]! - older.mean[d]!;
        // A fact that now matters more, the way it now leans (not one that merely stopped mattering).
        if (
          Math.abs(shift) >= MIN_SHIFT &&
          Math.sign(shift) === Math.sign(now[d]!) &&
          (best < 0 || Math.abs(shift) > Math.abs(now[best]! - older.mean[best]!))
        )
          best = d;
      }
      if (best >= 0) change = { dimension: best, towards: now[best]! > 0 ? 'higher' : 'lower' };
    }
  }
  const graded = fitWeights(gradedObservations(ratings, rated, binCounts, recency, directionPriors, 0), priorMean, priorPrecision);
  // The more the ratings read as hard limits, the less the graded factor reorders: at certainty it leaves them alone.
  const limits = limitsLikelihood(ratings, rated);
  const floor = FLOOR + (1 - FLOOR) * limits;

  const working: Working[] = DIMENSIONS.map((_, d) => {
    const bins = binCounts[d]!;
    const { intervals, inside } = shapeOf(bins);
    return { bins, intervals, inside, p: Float64Array.from(priorOf(directionPriors[d]!, bins)) };
  });
  // After a change of mind the older ratings' evidence is tempered (a likelihood raised to a power below 1).
  const strength = (i: number) => (drifted && i >= BATCH ? DRIFT_OLD_WEIGHT : 1);
  const observeAt = (w: Working, bin: number, inside: number, outside: number, power: number) =>
    power === 1 ? observe(w, bin, inside, outside) : observe(w, bin, inside ** power, outside ** power);

  const districtFactor = new Map<number, number>();
  const complexFactor = new Map<number, number>();
  const unexplained: number[] = [];
  // Exact evidence first, so the mean-field steps below lean on what is already known.
  ratings.forEach((rating, i) => {
    const bins = rated[i]!;
    const power = strength(i);
    if (rating.liked) {
      for (const [d, bin] of bins) observeAt(working[d]!, bin, 1 - NOISE, NOISE, power);
      districtFactor.delete(rating.areaId);
      complexFactor.delete(rating.complexId);
      return;
    }
    const named = rating.reasons.filter((r) => REASON_DIMENSIONS[r] || r === 'DISTRICT' || r === 'HOUSE');
    if (named.length === 0) {
      unexplained.push(i);
      return;
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
        observeAt(working[d]!, bin, NOISE, 1 - NOISE, power);
      } else if (group.size > 1) observeSomeFailed(working, group);
    }
    for (const [d, bin] of bins) if (!namedDimensions.has(d)) observeAt(working[d]!, bin, 1 - UNNAMED_NOISE, UNNAMED_NOISE, power);
  });
  for (const i of unexplained) observeSomeFailed(working, rated[i]!);

  const random = new Random(options.seed ?? 1);
  const explore = options.explore ?? 0;
  // Exploration stays with the limits' Thompson draw below: drawing the weights too (from the Laplace posterior) was
  // tried on the soft-taste buyers and cost likes on the next page, since a draw over 15 weights rarely agrees on all.
  const weights = graded.mean;
  const accept = new Float32Array(DIMENSION_COUNT * SLOTS);
  const posteriors = working.map((w, d) => {
    const probability = w.p;
    const sampled = explore > 0 ? w.intervals[sample(probability, random.next())]! : null;
    // The graded factor: 1 at the bin this buyer would like best, less the further the weight pulls away from it.
    const lean = weights[d]!;
    const best = Math.abs(lean);
    let sum = 0;
    for (let bin = 0; bin < w.bins; bin++) {
      const mean = acceptance(w, bin);
      // Thompson sampling, softened: one plausible taste per dimension pulls the page its way, more so early on.
      const limit = sampled ? (1 - explore) * mean + explore * (sampled.lo <= bin && bin <= sampled.hi ? 1 : 0.25) : mean;
      const value = limit * (floor + (1 - floor) * Math.exp(GRADED * (lean * position(bin, w.bins) - best)));
      accept[d * SLOTS + bin] = value;
      sum += value;
    }
    accept[d * SLOTS + UNKNOWN_SLOT] = sum / w.bins;
    return { bins: w.bins, intervals: w.intervals, probability };
  });
  return { accept, districtFactor, complexFactor, posteriors, weights: graded.mean, change, limits, ratings: ratings.length };
}

/**
 * The graded model's evidence: every rating (from the `from`-th on) as a labelled feature vector, and every named
 * reason of a dislike as evidence that its fact sits on the wrong side of where the liked listings stand.
 */
function gradedObservations(
  ratings: readonly TasteRating[],
  rated: ReadonlyArray<ReadonlyMap<number, number>>,
  binCounts: readonly number[],
  recency: readonly number[],
  directionPriors: readonly DirectionPrior[],
  from: number,
): GradedObservation[] {
  const out: GradedObservation[] = [];
  // Where the liked listings stand on each fact, starting from the end the prior leans to: before any like, "the
  // kitchen" on a big kitchen still means "bigger", as most buyers mean.
  const likedSum = Float64Array.from(directionPriors, (p) => (p.lower - p.upper) / Math.max(1e-9, p.lower + p.upper));
  const likedWeight = new Float64Array(DIMENSION_COUNT).fill(1);
  for (let i = from; i < ratings.length; i++) {
    if (!ratings[i]!.liked) continue;
    for (const [d, bin] of rated[i]!) {
      likedSum[d]! += recency[i]! * position(bin, binCounts[d]!);
      likedWeight[d]! += recency[i]!;
    }
  }
  for (let i = from; i < ratings.length; i++) {
    const rating = ratings[i]!;
    const x = new Float64Array(WEIGHT_COUNT);
    for (const [d, bin] of rated[i]!) x[d] = position(bin, binCounts[d]!);
    x[INTERCEPT] = 1;
    const named = rating.liked
      ? []
      : rating.reasons.map((reason) =>
          (REASON_DIMENSIONS[reason] ?? []).map((name) => DIMENSIONS.indexOf(name)).filter((d) => rated[i]!.has(d)),
        );
    // A named fact is read from the reason below, not from the listing's value: the reason says which side was wrong.
    const plain = Float64Array.from(x);
    for (const group of named) for (const d of group) plain[d] = 0;
    out.push({ x: plain, liked: rating.liked, weight: recency[i]! });
    for (const group of named) {
      for (const d of group) {
        const gap = x[d]! - likedSum[d]! / likedWeight[d]!;
        if (gap === 0) continue;
        const evidence = new Float64Array(WEIGHT_COUNT);
        evidence[d] = REASON_GAIN * gap;
        out.push({ x: evidence, liked: false, weight: (REASON_WEIGHT * recency[i]!) / group.length });
      }
    }
  }
  return out;
}

/**
 * P(the ratings come from hard limits rather than a trade-off), see the likelihoods above. A named reason is consistent
 * with a limit unless every fact it names has a liked listing strictly further out on that fact's bad side (the side
 * the disliked listing stands on, seen from the liked listings' middle) or stands right at that middle; a fact with no
 * like yet tells nothing. A district or a house named counts as a reason given, with nothing to contradict.
 */
function limitsLikelihood(ratings: readonly TasteRating[], rated: ReadonlyArray<ReadonlyMap<number, number>>): number {
  // Per fact: the liked listings' lowest and highest bin, and their sum and count for the middle.
  const low = new Float64Array(DIMENSION_COUNT).fill(Infinity);
  const high = new Float64Array(DIMENSION_COUNT).fill(-Infinity);
  const sum = new Float64Array(DIMENSION_COUNT);
  const count = new Float64Array(DIMENSION_COUNT);
  ratings.forEach((r, i) => {
    if (!r.liked) return;
    for (const [d, bin] of rated[i]!) {
      low[d] = Math.min(low[d]!, bin);
      high[d] = Math.max(high[d]!, bin);
      sum[d]! += bin;
      count[d]! += 1;
    }
  });
  let logOdds = 0;
  ratings.forEach((r, i) => {
    if (r.liked) return;
    logOdds += r.reasons.some((reason) => REASON_DIMENSIONS[reason] || reason === 'DISTRICT' || reason === 'HOUSE')
      ? NAMED_LOG_LR
      : UNNAMED_LOG_LR;
    for (const reason of r.reasons) {
      const group = (REASON_DIMENSIONS[reason] ?? [])
        .map((name) => DIMENSIONS.indexOf(name))
        .filter((d) => rated[i]!.has(d) && count[d]! > 0);
      if (group.length === 0) continue;
      const beyond = group.every((d) => {
        const bin = rated[i]!.get(d)!;
        const middle = sum[d]! / count[d]!;
        return bin === middle || (bin > middle ? high[d]! > bin : low[d]! < bin);
      });
      logOdds += beyond ? CONTRADICTED_LOG_LR : CONSISTENT_LOG_LR;
    }
  });
  return 1 / (1 + Math.exp(-logOdds));
}

/** How much worse than expected the older ratings' model predicts the newest page, in standard deviations. */
function surprise(
  ratings: readonly TasteRating[],
  rated: ReadonlyArray<ReadonlyMap<number, number>>,
  binCounts: readonly number[],
  weights: Float64Array,
): number {
  let loss = 0;
  let expected = 0;
  let variance = 0;
  const x = new Float64Array(WEIGHT_COUNT);
  for (let i = 0; i < BATCH; i++) {
    x.fill(0);
    for (const [d, bin] of rated[i]!) x[d] = position(bin, binCounts[d]!);
    x[INTERCEPT] = 1;
    const p = Math.min(1 - 1e-6, Math.max(1e-6, likeChance(weights, x)));
    const [yes, no] = [-Math.log(p), -Math.log(1 - p)];
    loss += ratings[i]!.liked ? yes : no;
    expected += p * yes + (1 - p) * no;
    variance += p * (1 - p) * (yes - no) ** 2;
  }
  return (loss - expected) / Math.sqrt(Math.max(variance, 1e-9));
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
