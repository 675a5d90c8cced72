import type { CityColumns } from './city-columns';
import { WISH_BY_CODE } from './wishes';
import { FLAG } from './constants';
import type { WishWeight } from './query';

export interface WishText {
  code: string;
  title: string;
  /** 0…100: how well this listing fits the wish. */
  percent: number;
  text: string;
}

export interface Notice {
  key: string;
  title: string;
  priority: number;
}

/** Per wish, how well the listing fits (the `wishesTexts` of spec §3). */
export function wishesTexts(c: CityColumns, row: number, wishes: readonly WishWeight[]): WishText[] {
  const out: WishText[] = [];
  for (const { code } of wishes) {
    const wish = WISH_BY_CODE.get(code);
    if (!wish) continue;
    out.push({ code, title: wish.title, percent: Math.round(wish.satisfaction(c, row) * 100), text: wish.explain(c, row) });
  }
  return out;
}

/** Every dislike reason's key and its words, as the buyer picked it (the export of their data reads them too). */
export const NOTICE_TITLES: Readonly<Record<string, string>> = {
  PRICE: 'Цена',
  LAYOUT: 'Планировка',
  AREA: 'Площадь',
  KITCHEN: 'Маленькая кухня',
  FLOOR: 'Этаж',
  RENOVATION: 'Отделка',
  DEADLINE: 'Срок сдачи',
  DISTRICT: 'Район',
  METRO: 'Далеко от метро',
  CENTRE: 'Далеко от центра',
  INFRASTRUCTURE: 'Инфраструктура',
  HOUSE: 'Дом',
};
const notice = (key: string, priority: number): Notice => ({ key, title: NOTICE_TITLES[key] ?? key, priority });

/**
 * Reasons a user can give for a dislike (the notice lists 'Квартира' and 'Расположение'),
 * sorted by priority: what is weakest about this listing comes first.
 */
export function availableNotices(c: CityColumns, row: number): { Квартира: Notice[]; Расположение: Notice[] } {
  const flat: Notice[] = [
    notice('PRICE', c.fairRatio[row]! > 1.03 ? 1 : 3),
    notice('LAYOUT', 2),
    notice('AREA', 4),
    notice('KITCHEN', c.areaKitchen[row]! < 9 ? 1 : 6),
    notice('FLOOR', c.floor[row] === 1 ? 1 : 5),
    notice('RENOVATION', 7),
    // A resale house is built: its deadline is no reason to dislike it.
    ...((c.flags[row]! & FLAG.NEW) !== 0 ? [notice('DEADLINE', 8)] : []),
  ];
  const place: Notice[] = [
    notice('DISTRICT', 1),
    notice('METRO', c.metroMinutes[row]! > 20 ? 1 : 3),
    notice('CENTRE', 4),
    notice('INFRASTRUCTURE', 5),
    notice('HOUSE', 6),
  ];
  const byPriority = (a: Notice, b: Notice) => a.priority - b.priority;
  return { Квартира: flat.sort(byPriority), Расположение: place.sort(byPriority) };
}
