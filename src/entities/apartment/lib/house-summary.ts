import type { ApartmentItem } from '@/shared/api';

export interface HouseSummary {
  onSale: number;
  avgPricePerMeter: number | null;
  minPrice: number | null;
}

/** The house's market from its own listings: how many are on sale, their average ₽/m² and the most affordable. */
export function houseSummary(items: readonly ApartmentItem[]): HouseSummary {
  const active = items.filter((i) => !i.isSold);
  if (active.length === 0) return { onSale: 0, avgPricePerMeter: null, minPrice: null };
  const avg = Math.round(active.reduce((s, i) => s + i.pricePerMeter, 0) / active.length);
  return { onSale: active.length, avgPricePerMeter: avg, minPrice: Math.min(...active.map((i) => i.priceTotalMin)) };
}
