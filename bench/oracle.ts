/**
 * The ceiling of the held-out family (issue #46): what a ranker that reads the simulated buyer's own rule would score
 * on the bench's measure (the share of the next 10 the buyer really likes, misclicks aside). Bench only: production
 * never knows a buyer's taste, so nothing here may be imported by server/ or src/.
 *
 * Two oracles, both shown 10 unseen flats of the same pool the engine ranks (what the buyer's filters let through,
 * in stock), never a flat they showed before, the 10 they are surest of:
 * - `now` knows the taste in force on the page it fills, changes of mind included: no learner can beat it;
 * - `lagged` knows the taste only as of the last rated page (the starting taste for page 0), as a learner that
 *   understood every rating perfectly would: a change of mind before a page is news to it, as to the engine.
 */

/** How far inside (≥ 0: liked) or outside (< 0) the buyer's liking a flat stands, with the taste of page `round`. */
export type Sureness = (row: number, round: number) => number;

export interface OracleShares {
  /** Liked share of each page, pages 0…rounds. */
  now: number[];
  lagged: number[];
}

/** The `size` flats not yet shown that the oracle is surest of, surest first (ties by row, as a stable order). */
export function oraclePage(pool: readonly number[], shown: ReadonlySet<number>, sure: (row: number) => number, size: number): number[] {
  return pool
    .filter((r) => !shown.has(r))
    .map((r) => ({ r, s: sure(r) }))
    .sort((a, b) => b.s - a.s || a.r - b.r)
    .slice(0, size)
    .map((x) => x.r);
}

/** Both oracles through pages 0…rounds; `share` is the bench's own measure of a page at a round. */
export function oracleShares(
  pool: readonly number[],
  sureness: Sureness,
  rounds: number,
  size: number,
  share: (rows: readonly number[], round: number) => number,
): OracleShares {
  const run = (knows: (round: number) => number) => {
    const shown = new Set<number>();
    const shares: number[] = [];
    for (let round = 0; round <= rounds; round++) {
      const page = oraclePage(pool, shown, (r) => sureness(r, knows(round)), size);
      page.forEach((r) => shown.add(r));
      shares.push(share(page, round));
    }
    return shares;
  };
  return { now: run((round) => round), lagged: run((round) => Math.max(0, round - 1)) };
}
