import type { InfraPointItem } from '@/shared/api';
import { formatNumber, plural } from '@/shared/lib';

const FRESH_MS = 7 * 86_400_000;

/** An area, or «не указана» where the listing's feed did not give it (stored as 0). */
export function areaOrUnknown(value: number): string {
  return value > 0 ? formatNumber(value, 'square') : 'не указана';
}

/** Moved to shared: the advert modal (a widget) writes the same dates. */
export { dayText } from '@/shared/lib';

/** The 'new' mark: a listing published within the last week. */
export function isFreshListing(publishedAt: string, now: number): boolean {
  const at = Date.parse(publishedAt);
  return Number.isFinite(at) && now - at >= 0 && now - at < FRESH_MS;
}

/** Change between the first and the last point, in whole percent; null when there is nothing to compare. */
export function historyChange(points: ReadonlyArray<{ pricePerMeter: number }>): number | null {
  const first = points[0]?.pricePerMeter;
  const last = points[points.length - 1]?.pricePerMeter;
  if (!first || !last || points.length < 2) return null;
  return Math.round((last / first - 1) * 100);
}

/** '+12 %', '−3 %', '0 %' with a real minus sign. */
export function signedPercent(value: number): string {
  if (value > 0) return `+${value} %`;
  if (value < 0) return `−${Math.abs(value)} %`;
  return '0 %';
}

/**
 * The fair-price paragraph: this price against the comparables' market price (the server's one definition:
 * the mean ₽/m² of active listings of the same district, room group, new/resale and class; the contract still
 * calls the field `medianPricePerMeter`).
 */
/** «с 41 похожей квартирой», «с 2 похожими квартирами», «с 5 похожими квартирами»: the instrumental case. */
const COMPARED_WITH = ['похожей квартирой', 'похожими квартирами', 'похожими квартирами'] as const;

export function comparablesText(pricePerMeter: number, comparables: { count: number; medianPricePerMeter: number }): string {
  if (comparables.count <= 1) return 'Похожих предложений в районе пока нет — сравнить не с чем.';
  const delta = Math.round((pricePerMeter / comparables.medianPricePerMeter - 1) * 100);
  const where = delta === 0 ? 'по рынку' : `на ${Math.abs(delta)} % ${delta < 0 ? 'ниже' : 'выше'} рынка`;
  return `Сравнили с ${comparables.count} ${plural(comparables.count, COMPARED_WITH)} (тот же район, комнатность, тип жилья и класс дома): рынок ${formatNumber(comparables.medianPricePerMeter, 'rubSquare')}, эта квартира ${where}.`;
}

export type InfraKind = InfraPointItem['kind'];

/** Legend order and labels of the infrastructure map (spec §1: schools, kindergartens, parks, shops, clinics, metro). */
export const INFRA_KINDS: ReadonlyArray<{ kind: InfraKind; label: string; marker: string }> = [
  { kind: 'METRO', label: 'Метро', marker: 'М' },
  { kind: 'SCHOOL', label: 'Школы', marker: 'Школа' },
  { kind: 'KINDERGARTEN', label: 'Детские сады', marker: 'Сад' },
  { kind: 'PARK', label: 'Парки', marker: 'Парк' },
  { kind: 'SHOP', label: 'Магазины', marker: 'Магазин' },
  { kind: 'CLINIC', label: 'Поликлиники', marker: 'Клиника' },
];
