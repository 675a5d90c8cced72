/**
 * The AI index as a chance of a like. The model's score is a product of acceptances, and how it reads as a chance
 * depends on what the ratings are. Under hard limits the product is itself the chance that a listing passes them
 * all; under a trade-off each fact only shades the score, so a root spreads it (0.1 → 40 %, 0.3 → 62 %). The root
 * moves between the two with the model's own reading of the ratings (Taste.limits, model.ts).
 */

/** The index's root under a trade-off, and where it goes as the ratings read as hard limits. */
const TRADE_OFF_ROOT = 0.4;
const LIMITS_ROOT = 0.7;

/** The score spread by the root that suits how strongly the ratings read as hard limits (0…1). */
export function rooted(score: number, limits: number): number {
  return score ** (TRADE_OFF_ROOT + (LIMITS_ROOT - TRADE_OFF_ROOT) * limits);
}
