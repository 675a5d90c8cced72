import type { AnalyticsDetailRow } from '@/shared/api';
import { formatNumber, formatPriceRange, plural } from '@/shared/lib';

/** Spec §2 ANALYTICS_DETAILS columns, by roomsCnt 0…4. */
export const DETAIL_COLUMNS = ['Студии', '1 ком.', '2 ком.', '3 ком.', '4+ ком.'] as const;
export const OFFER_FORMS = ['предложение', 'предложения', 'предложений'] as const;
/** What an empty cell shows. */
export const NO_DATA = '—';

export interface DetailCell {
  price: string;
  count: string;
  perMeter: string;
}

/** The texts of one cell (district × rooms), or null when there are no offers there. */
export function detailCell(row: AnalyticsDetailRow, roomsCnt: number): DetailCell | null {
  const cell = row.dataList.find((c) => c.roomsCnt === roomsCnt);
  if (!cell || cell.count <= 0) return null;
  return {
    price: formatPriceRange(cell.priceTotalMinFrom, cell.priceTotalMinTo),
    count: `${formatNumber(cell.count)} ${plural(cell.count, OFFER_FORMS)}`,
    perMeter: formatNumber(cell.pricePerMeter, 'rubSquare'),
  };
}
