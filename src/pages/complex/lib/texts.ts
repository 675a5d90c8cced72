import { formatNumber } from '@/shared/lib';

/** A room group's heading: 'Студии', '1-комнатные', … */
export function roomGroupTitle(rooms: number): string {
  return rooms === 0 ? 'Студии' : rooms >= 4 ? `${rooms}-комнатные и больше` : `${rooms}-комнатные`;
}

/** An area range, '24,1 – 38 м²', or one value. */
export function areaRange(min: number, max: number): string {
  return min === max ? formatNumber(min, 'square') : `${formatNumber(min)} – ${formatNumber(max, 'square')}`;
}

export const INFRA_LABELS: Record<string, string> = {
  METRO: 'Метро',
  SCHOOL: 'Школа',
  KINDERGARTEN: 'Детский сад',
  PARK: 'Парк',
  SHOP: 'Магазин',
  CLINIC: 'Поликлиника',
};

export { SELLER_CATEGORY_LABEL as SELLER_KIND } from '@kvarta/contract/seller';

/**
 * 'ЖК Северный парк' for a new build; a resale house already named as one ('Дом на ул. Ленина', 'Дом, Кировский')
 * keeps its name, any other gets 'Дом' before it.
 */
export function complexHeading(name: string, realtyType: 'NEW' | 'RESALE'): string {
  if (realtyType === 'NEW') return /^ЖК\s/.test(name) ? name : `ЖК ${name}`;
  return /^Дом[\s,]/i.test(name) ? name : `Дом ${name}`;
}
