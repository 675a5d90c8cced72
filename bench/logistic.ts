/**
 * The textbook learner the engine must beat (bench/quality.ts): L2-regularised logistic regression over the facts a
 * card shows, standardised per city, fitted by Newton's method.
 */
import { FLAG, INFRA_ORDER, NO_METRO_MINUTES } from '../server/ranking/constants';
import type { CityColumns } from '../server/ranking';

function rawFacts(c: CityColumns, r: number): number[] {
  const floors = c.floors[r]!;
  return [
    Math.log(c.price[r]!),
    c.pricePerMeter[r]!,
    c.areaTotal[r]!,
    c.areaKitchen[r]!,
    c.floor[r]!,
    floors,
    floors > 1 ? (c.floor[r]! - 1) / (floors - 1) : 0.5,
    c.metroMinutes[r] === NO_METRO_MINUTES ? 90 : c.metroMinutes[r]!,
    c.centreKm[r]!,
    c.flags[r]! & FLAG.RENOVATED ? 1 : 0,
    c.flags[r]! & FLAG.NEW ? 1 : 0,
    c.flags[r]! & FLAG.STAGE_PUT ? 1 : 0,
    Math.floor(c.deadline[r]! / 10) + (c.deadline[r]! % 10) / 4,
    c.rooms[r]!,
    c.complexClass[r]!,
  ];
}

const scaling = new WeakMap<CityColumns, { mean: number[]; sd: number[] }>();

function scaleOf(c: CityColumns) {
  let s = scaling.get(c);
  if (!s) {
    const rows = Array.from({ length: c.size }, (_, r) => rawFacts(c, r));
    const mean = rows[0]!.map((_, j) => rows.reduce((sum, x) => sum + x[j]!, 0) / rows.length);
    const sd = mean.map((m, j) => Math.sqrt(rows.reduce((sum, x) => sum + (x[j]! - m) ** 2, 0) / rows.length) || 1);
    s = { mean, sd };
    scaling.set(c, s);
  }
  return s;
}

/** The standardised facts of a listing, with a leading 1 for the intercept. */
export function visibleFacts(c: CityColumns, r: number): number[] {
  const { mean, sd } = scaleOf(c);
  return [1, ...rawFacts(c, r).map((x, j) => (x - mean[j]!) / sd[j]!)];
}

const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));

export function trainLogistic(x: number[][], y: number[], lambda = 1, iterations = 25): { predict: (facts: number[]) => number } {
  const k = x[0]!.length;
  let w = Array<number>(k).fill(0);
  for (let it = 0; it < iterations; it++) {
    const gradient = w.map((wj, j) => (j === 0 ? 0 : lambda * wj));
    const hessian = Array.from({ length: k }, (_, i) => Array.from({ length: k }, (_, j) => (i === j && i > 0 ? lambda : 0)));
    x.forEach((xi, n) => {
      const p = sigmoid(xi.reduce((s, v, j) => s + v * w[j]!, 0));
      const weight = Math.max(p * (1 - p), 1e-6);
      for (let i = 0; i < k; i++) {
        gradient[i]! += (p - y[n]!) * xi[i]!;
        for (let j = 0; j < k; j++) hessian[i]![j]! += weight * xi[i]! * xi[j]!;
      }
    });
    // Intercept stays solvable with all-equal labels.
    hessian[0]![0]! += 1e-6;
    const step = solve(hessian, gradient);
    w = w.map((wj, j) => wj - step[j]!);
  }
  return { predict: (facts) => sigmoid(facts.reduce((s, v, j) => s + v * w[j]!, 0)) };
}

/** Gaussian elimination with partial pivoting (k ≈ 16). */
function solve(a: number[][], b: number[]): number[] {
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i]!]);
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let r = col + 1; r < n; r++) if (Math.abs(m[r]![col]!) > Math.abs(m[pivot]![col]!)) pivot = r;
    [m[col], m[pivot]] = [m[pivot]!, m[col]!];
    const p = m[col]![col]! || 1e-12;
    for (let r = 0; r < n; r++) {
      if (r === col) continue;
      const f = m[r]![col]! / p;
      for (let j = col; j <= n; j++) m[r]![j]! -= f * m[col]![j]!;
    }
  }
  return m.map((row, i) => row[n]! / (row[i]! || 1e-12));
}

/** The facts a card and an apartment page show: visibleFacts and the distance to each kind of infrastructure. */
function pageFacts(c: CityColumns, r: number): number[] {
  return [...rawFacts(c, r), ...INFRA_ORDER.map((_, k) => Math.min(5000, c.infra[r * INFRA_ORDER.length + k]!))];
}

const pageScaling = new WeakMap<CityColumns, { mean: number[]; sd: number[] }>();

/** The standardised page facts of a listing, with a leading 1 for the intercept. */
export function shownFacts(c: CityColumns, r: number): number[] {
  let s = pageScaling.get(c);
  if (!s) {
    const rows = Array.from({ length: c.size }, (_, i) => pageFacts(c, i));
    const mean = rows[0]!.map((_, j) => rows.reduce((sum, x) => sum + x[j]!, 0) / rows.length);
    const sd = mean.map((m, j) => Math.sqrt(rows.reduce((sum, x) => sum + (x[j]! - m) ** 2, 0) / rows.length) || 1);
    s = { mean, sd };
    pageScaling.set(c, s);
  }
  const { mean, sd } = s;
  return [1, ...pageFacts(c, r).map((x, j) => (x - mean[j]!) / sd[j]!)];
}

/** Which shown facts (shownFacts indices) a dislike reason names. */
const REASON_FACTS: Readonly<Record<string, readonly number[]>> = {
  PRICE: [1],
  AREA: [3],
  LAYOUT: [3, 14],
  KITCHEN: [4],
  FLOOR: [5, 7],
  METRO: [8],
  CENTRE: [9],
  RENOVATION: [10],
  DEADLINE: [13],
  INFRASTRUCTURE: [16, 17, 18, 19, 20],
};
/** Logit taken off a candidate as bad as a disliked listing on a named fact (shared among the facts a reason names). */
const REASON_PENALTY = 2;

export interface RatedWithReasons {
  row: number;
  liked: boolean;
  notices: readonly string[];
}

/**
 * The reason-aware textbook learner: L2 logistic regression over the shown facts, plus a penalty on the disliked
 * side of each named fact — a candidate at least as far from the liked listings' mean as the disliked one, on the
 * same side, loses REASON_PENALTY of logit per named dislike.
 */
export function trainReasonAware(c: CityColumns, rated: readonly RatedWithReasons[]): { predict: (row: number) => number } {
  const x = rated.map((r) => shownFacts(c, r.row));
  const model = trainLogistic(
    x,
    rated.map((r) => (r.liked ? 1 : 0)),
  );
  const liked = x.filter((_, i) => rated[i]!.liked);
  const likedMean = (j: number) => (liked.length ? liked.reduce((s, f) => s + f[j]!, 0) / liked.length : 0);
  const penalties: Array<{ j: number; reference: number; gap: number; side: number; weight: number }> = [];
  rated.forEach((r, i) => {
    if (r.liked) return;
    for (const reason of r.notices) {
      const facts = REASON_FACTS[reason] ?? [];
      for (const j of facts) {
        const reference = likedMean(j);
        const v = x[i]![j]!;
        if (v === reference) continue;
        penalties.push({ j, reference, gap: Math.abs(v - reference), side: Math.sign(v - reference), weight: 1 / facts.length });
      }
    }
  });
  return {
    predict: (row) => {
      const f = shownFacts(c, row);
      const p = model.predict(f);
      let logit = Math.log(Math.max(p, 1e-12) / Math.max(1 - p, 1e-12));
      for (const q of penalties) if ((f[q.j]! - q.reference) * q.side >= q.gap) logit -= REASON_PENALTY * q.weight;
      return sigmoid(logit);
    },
  };
}
