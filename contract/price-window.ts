/** TOP price bounds (spec §9). Zod-free: the client and the server share this rule. */
export const TOP_PRICE = { MIN: 2_000_000, MAX: 200_000_000, DEFAULT: 8_000_000, STEP: 100_000 } as const;

/**
 * Spec §5 "TOP price window": when the user changed the price, gap = round(price / 100 000 ×
 * gapPercent / 100) × 100 000, window = [price − gap ≥ 2 000 000, price + gap ≤ 200 000 000];
 * otherwise the preset's own bounds.
 */
export function topPriceWindow(
  price: number,
  gapPercent: number,
  userModifiedPrice: boolean,
  preset: { min: number; max: number },
): { min: number; max: number } {
  if (!userModifiedPrice) return { min: preset.min, max: preset.max };
  const gap = Math.round(((price / TOP_PRICE.STEP) * gapPercent) / 100) * TOP_PRICE.STEP;
  return { min: Math.max(TOP_PRICE.MIN, price - gap), max: Math.min(TOP_PRICE.MAX, price + gap) };
}
