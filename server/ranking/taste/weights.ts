import { DIMENSION_COUNT } from './dimensions';

/**
 * How much each fact matters to this buyer: a Bayesian logistic model P(like) = σ(b + Σ w_d · x_d), where x_d is the
 * listing's place among the city's listings on fact d (−1 the lowest bin … +1 the highest), fitted to likes and
 * dislikes together, each rating weighted by how recent it is. The weights' prior leans the way most buyers lean
 * (cheaper, bigger, nearer) and a stated wish leans it harder; a dislike's named reason adds strong but finite
 * evidence that the named fact sits on the wrong side of what the buyer liked — so a trade-off liked before can
 * outweigh it. The mode is found by Newton's method; its Hessian (the Laplace approximation's precision) is kept.
 */
export const WEIGHT_COUNT = DIMENSION_COUNT + 1;
/** The intercept's index in a weight vector. */
export const INTERCEPT = DIMENSION_COUNT;

export interface GradedObservation {
  /** Feature vector, WEIGHT_COUNT long (the intercept's entry is 1 for a rating, 0 for a reason's evidence). */
  x: Float64Array;
  liked: boolean;
  /** How much this observation counts (recency, and for a reason its strength). */
  weight: number;
}

export interface WeightPosterior {
  mean: Float64Array;
  /** Lower-triangular Cholesky factor of the posterior precision (the Hessian at the mode). */
  precisionFactor: Float64Array;
}

const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));

/** Newton's method to the posterior mode; with 16 weights and a few hundred ratings it takes well under a millisecond. */
export function fitWeights(
  observations: readonly GradedObservation[],
  priorMean: Float64Array,
  priorPrecision: Float64Array,
  iterations = 8,
): WeightPosterior {
  const k = WEIGHT_COUNT;
  const w = Float64Array.from(priorMean);
  const gradient = new Float64Array(k);
  const hessian = new Float64Array(k * k);
  const factor = new Float64Array(k * k);
  for (let it = 0; it <= iterations; it++) {
    for (let i = 0; i < k; i++) {
      gradient[i] = priorPrecision[i]! * (w[i]! - priorMean[i]!);
      for (let j = 0; j < k; j++) hessian[i * k + j] = i === j ? priorPrecision[i]! : 0;
    }
    for (const o of observations) {
      let z = 0;
      for (let i = 0; i < k; i++) z += o.x[i]! * w[i]!;
      const p = sigmoid(z);
      const g = o.weight * (p - (o.liked ? 1 : 0));
      const h = o.weight * Math.max(p * (1 - p), 1e-9);
      for (let i = 0; i < k; i++) {
        const xi = o.x[i]!;
        if (xi === 0) continue;
        gradient[i]! += g * xi;
        for (let j = 0; j <= i; j++) hessian[i * k + j]! += h * xi * o.x[j]!;
      }
    }
    cholesky(hessian, factor, k);
    // The last pass only refreshes the Hessian at the mode, for the Laplace approximation.
    if (it === iterations) break;
    const step = solveCholesky(factor, gradient, k);
    for (let i = 0; i < k; i++) w[i]! -= step[i]!;
  }
  return { mean: w, precisionFactor: factor };
}

/** P(like) of a feature vector under weights w. */
export function likeChance(w: ArrayLike<number>, x: ArrayLike<number>): number {
  let z = 0;
  for (let i = 0; i < WEIGHT_COUNT; i++) z += w[i]! * x[i]!;
  return sigmoid(z);
}

/** Lower triangle of a symmetric positive-definite matrix (only j ≤ i is read) → its Cholesky factor. */
function cholesky(a: Float64Array, l: Float64Array, k: number): void {
  l.fill(0);
  for (let i = 0; i < k; i++) {
    for (let j = 0; j <= i; j++) {
      let s = a[i * k + j]!;
      for (let m = 0; m < j; m++) s -= l[i * k + m]! * l[j * k + m]!;
      l[i * k + j] = i === j ? Math.sqrt(Math.max(s, 1e-9)) : s / l[j * k + j]!;
    }
  }
}

function solveCholesky(l: Float64Array, b: Float64Array, k: number): Float64Array {
  const y = new Float64Array(k);
  for (let i = 0; i < k; i++) {
    let s = b[i]!;
    for (let j = 0; j < i; j++) s -= l[i * k + j]! * y[j]!;
    y[i] = s / l[i * k + i]!;
  }
  const x = new Float64Array(k);
  for (let i = k - 1; i >= 0; i--) {
    let s = y[i]!;
    for (let j = i + 1; j < k; j++) s -= l[j * k + i]! * x[j]!;
    x[i] = s / l[i * k + i]!;
  }
  return x;
}
