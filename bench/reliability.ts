/**
 * Does an index mean the chance of a like? Predictions (0…1) against what simulated buyers really like: a reliability
 * table by band, its expected calibration error (the count-weighted gap between the predicted and the liked share),
 * the Brier score (mean squared error) and the AUC (the chance a liked listing is scored above a disliked one).
 */
export interface Prediction {
  p: number;
  liked: boolean;
}

export interface Band {
  label: string;
  count: number;
  predicted: number;
  liked: number;
}

/**
 * Bands of width 0.1, merged upwards until each holds at least `least` predictions; a short top band is merged into
 * the one below it, so every band holds `least` when there are that many predictions in all (issue #46: ≥ 100 a band).
 */
export function reliabilityBands(predictions: readonly Prediction[], least = 100): Band[] {
  const tenths = Array.from({ length: 10 }, () => [] as Prediction[]);
  for (const x of predictions) tenths[Math.min(9, Math.max(0, Math.floor(x.p * 10)))]!.push(x);
  const groups: Array<{ from: number; to: number; rows: Prediction[] }> = [];
  let from = 0;
  let open: Prediction[] = [];
  tenths.forEach((tenth, i) => {
    open.push(...tenth);
    if (open.length < least && i < 9) return;
    if (open.length > 0) groups.push({ from, to: i + 1, rows: open });
    from = i + 1;
    open = [];
  });
  const last = groups[groups.length - 1];
  if (groups.length > 1 && last!.rows.length < least) {
    groups.pop();
    const below = groups[groups.length - 1]!;
    below.to = last!.to;
    below.rows = [...below.rows, ...last!.rows];
  }
  return groups.map((g) => ({
    label: `${g.from * 10}–${g.to * 10} %`,
    count: g.rows.length,
    predicted: g.rows.reduce((s, x) => s + x.p, 0) / g.rows.length,
    liked: g.rows.filter((x) => x.liked).length / g.rows.length,
  }));
}

/** Expected calibration error over equal-width bands of 0.1 (the usual definition). */
export function expectedCalibrationError(predictions: readonly Prediction[]): number {
  const bands = reliabilityBands(predictions, 0);
  return bands.reduce((s, b) => s + (b.count / predictions.length) * Math.abs(b.predicted - b.liked), 0);
}

export function brierScore(predictions: readonly Prediction[]): number {
  return predictions.reduce((s, x) => s + (x.p - (x.liked ? 1 : 0)) ** 2, 0) / predictions.length;
}

/** Rank-sum AUC with ties counted half. */
export function auc(predictions: readonly Prediction[]): number {
  const sorted = [...predictions].sort((a, b) => a.p - b.p);
  let rankSum = 0;
  let positives = 0;
  for (let i = 0; i < sorted.length;) {
    let j = i;
    while (j < sorted.length && sorted[j]!.p === sorted[i]!.p) j++;
    const midRank = (i + j + 1) / 2;
    for (let k = i; k < j; k++) {
      if (!sorted[k]!.liked) continue;
      rankSum += midRank;
      positives++;
    }
    i = j;
  }
  const negatives = sorted.length - positives;
  return positives && negatives ? (rankSum - (positives * (positives + 1)) / 2) / (positives * negatives) : 0.5;
}

const pct = (x: number) => `${(x * 100).toFixed(1)} %`;

/** One line per measure: the engine's index beside the baseline's probability on the same flats. */
export function printReliability(
  label: string,
  engine: readonly Prediction[],
  baseline: readonly Prediction[],
  baselineName: string,
): void {
  if (engine.length === 0) return;
  const table = (ps: readonly Prediction[]) =>
    reliabilityBands(ps)
      .map((b) => `${b.label}: ${pct(b.liked)} liked of ${b.count} (mean ${pct(b.predicted)})`)
      .join(' · ');
  console.log(`${label} reliability of the AI index (random flats of the pool): ${table(engine)}`);
  console.log(`${label} reliability of the ${baselineName} (same flats): ${table(baseline)}`);
  const e = { ece: expectedCalibrationError(engine), brier: brierScore(engine), auc: auc(engine) };
  const b = { ece: expectedCalibrationError(baseline), brier: brierScore(baseline), auc: auc(baseline) };
  console.log(
    `${label} AI index ECE ${e.ece.toFixed(3)} (goal ≤ 0.10), Brier ${e.brier.toFixed(3)}, AUC ${e.auc.toFixed(3)}` +
      ` · ${baselineName} ECE ${b.ece.toFixed(3)}, Brier ${b.brier.toFixed(3)}, AUC ${b.auc.toFixed(3)}` +
      ` (${engine.length} flats; engine better on Brier and AUC: ${e.brier < b.brier && e.auc > b.auc ? 'yes' : 'NO'})`,
  );
}
