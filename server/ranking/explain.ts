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

/**
 * Reasons a user can give for a dislike (the notice lists 'Квартира' and 'Расположение'),
 * sorted by priority: what is weakest about this listing comes first.
 */
export function availableNotices(c: CityColumns, row: number): { Квартира: Notice[]; Расположение: Notice[] } {
  const flat: Notice[] = [
    { key: 'PRICE', title: 'Цена', priority: c.fairRatio[row]! > 1.03 ? 1 : 3 },
    { key: 'LAYOUT', title: 'Планировка', priority: 2 },
    { key: 'AREA', title: 'Площадь', priority: 4 },
    { key: 'KITCHEN', title: 'Маленькая кухня', priority: c.areaKitchen[row]! < 9 ? 1 : 6 },
    { key: 'FLOOR', title: 'Этаж', priority: c.floor[row] === 1 ? 1 : 5 },
    { key: 'RENOVATION', title: 'Отделка', priority: 7 },
    // A resale house is built: its deadline is no reason to dislike it.
    ...((c.flags[row]! & FLAG.NEW) !== 0 ? [{ key: 'DEADLINE', title: 'Срок сдачи', priority: 8 }] : []),
  ];
  const place: Notice[] = [
    { key: 'DISTRICT', title: 'Район', priority: 1 },
    { key: 'METRO', title: 'Далеко от метро', priority: c.metroMinutes[row]! > 20 ? 1 : 3 },
    { key: 'CENTRE', title: 'Далеко от центра', priority: 4 },
    { key: 'INFRASTRUCTURE', title: 'Инфраструктура', priority: 5 },
    { key: 'HOUSE', title: 'Дом', priority: 6 },
  ];
  const byPriority = (a: Notice, b: Notice) => a.priority - b.priority;
  return { Квартира: flat.sort(byPriority), Расположение: place.sort(byPriority) };
}
