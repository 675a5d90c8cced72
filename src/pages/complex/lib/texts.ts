import { formatNumber } from '@/shared/lib';

const ROMAN = ['I', 'II', 'III', 'IV'];

/** 20274 → 'IV кв. 2027' (deadlines are year × 10 + quarter). */
export function deadlineText(deadline: number): string {
  const year = Math.floor(deadline / 10);
  const quarter = deadline % 10;
  return quarter >= 1 && quarter <= 4 ? `${ROMAN[quarter - 1]} кв. ${year}` : String(year);
}

/** A room group's heading: 'Студии', '1-комнатные', … */
export function roomGroupTitle(rooms: number): string {
  return rooms === 0 ? 'Студии' : rooms >= 4 ? `${rooms}-комнатные и больше` : `${rooms}-комнатные`;
}

/** An area range, '24,1 – 38 м²', or one value. */
export function areaRange(min: number, max: number): string {
  return min === max ? formatNumber(min, 'square') : `${formatNumber(min)} – ${formatNumber(max, 'square')}`;
}

/** '350 м', '1,2 км'. */
export function distanceText(meters: number): string {
  return meters < 1000 ? `${Math.round(meters / 10) * 10} м` : `${formatNumber(Math.round(meters / 100) / 10)} км`;
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

const MONTHS = ['янв', 'фев', 'мар', 'апр', 'май', 'июн', 'июл', 'авг', 'сен', 'окт', 'ноя', 'дек'];
/** '2025-03' → 'мар 2025'. */
export function monthLabel(month: string): string {
  const [year, m] = month.split('-');
  const name = MONTHS[Number(m) - 1];
  return name ? `${name} ${year}` : month;
}

/**
 * 'ЖК Северный парк' for a new build; a resale house already named as one ('Дом на ул. Ленина', 'Дом, Кировский')
 * keeps its name, any other gets 'Дом' before it.
 */
export function complexHeading(name: string, realtyType: 'NEW' | 'RESALE'): string {
  if (realtyType === 'NEW') return /^ЖК\s/.test(name) ? name : `ЖК ${name}`;
  return /^Дом[\s,]/i.test(name) ? name : `Дом ${name}`;
}
