/**
 * The AI index as the chance of a like (issue #46). A listing's score is the chance the learned taste accepts it,
 * weighed by the stated wishes (query.ts buyerScore: the buyer's own model, without the ranking's tilts to value for
 * money and the target price), and the taste model keeps two readings of the buyer's ratings apart (taste/model.ts):
 * - hard limits: the buyer likes a flat when it passes every limit, so the score, a product of per-fact chances of
 *   passing, is itself the chance of a like;
 * - a trade-off: no single fact rules a flat out, and the product of per-fact chances understates how often the
 *   buyer likes what is good enough overall; a root spreads it over the range (0.1 → 40 %, 0.3 → 62 %, 0.6 → 82 %).
 * The index is the chance under each reading weighted by how likely the reading is (Taste.limits, the posterior
 * probability of hard limits; even odds before any rating): a model average, not a map fitted to a benchmark.
 */

/** The trade-off reading's spread (the index's map before #46, whose reliability the held-out family showed). */
const TRADE_OFF_ROOT = 0.4;

/** P(like) of a listing with this score when the ratings read as hard limits with probability `limits`. */
export function likeChanceOf(score: number, limits: number): number {
  const s = Math.max(0, Math.min(1, score));
  const l = Math.max(0, Math.min(1, limits));
  return l * s + (1 - l) * s ** TRADE_OFF_ROOT;
}

/** The index a card shows: the chance of a like in whole percent, never 0 or 100 (the model is never that sure). */
export function toRelevancePercent(chance: number): number {
  return Math.max(1, Math.min(99, Math.round(100 * chance)));
}
