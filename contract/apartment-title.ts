import { formatNumber } from './format';

/**
 * Spec §9 apartment title rules, shared by the APART page and the server's crawlable HTML:
 * rooms 0 → 'Студия' / 'студии', n → '{n}-к квартира' / '{n}-к квартире', short form '{n}-комн.';
 * the area is appended as ' {x} м²'.
 *
 * Apartments (`isApartHotel`) are not flats in Russian law or in a buyer's mind, and a portal never calls them
 * «квартира»: 'Апартаменты-студия' / 'апартаментах-студии', '{n}-комнатные апартаменты' / '{n}-комнатных апартаментах'.
 */
export type RoomsForm = 'nominative' | 'prepositional' | 'short';

/** What the unit is: a flat (квартира) or apartments (апартаменты). */
export type UnitKind = 'flat' | 'apartments';

/** The kind of a listing from its `isApartHotel` flag. */
export const unitKind = (isApartHotel: boolean | null | undefined): UnitKind => (isApartHotel ? 'apartments' : 'flat');

function apartmentsName(rooms: number, form: RoomsForm): string {
  if (rooms === 0) return form === 'prepositional' ? 'апартаментах-студии' : 'Апартаменты-студия';
  if (form === 'short') return `${rooms}-комн. апартаменты`;
  return form === 'prepositional' ? `${rooms}-комнатных апартаментах` : `${rooms}-комнатные апартаменты`;
}

export function roomsName(rooms: number, form: RoomsForm = 'nominative', kind: UnitKind = 'flat'): string {
  if (kind === 'apartments') return apartmentsName(rooms, form);
  if (rooms === 0) return form === 'prepositional' ? 'студии' : 'Студия';
  if (form === 'short') return `${rooms}-комн.`;
  return `${rooms}-к ${form === 'prepositional' ? 'квартире' : 'квартира'}`;
}

/** '2-к квартира 54 м²', 'Студия 24,5 м²', '3-комн. 80 м²', 'Апартаменты-студия 24 м²'. */
export function roomsAndArea(rooms: number, areaTotal: number, form: RoomsForm = 'nominative', kind: UnitKind = 'flat'): string {
  return `${roomsName(rooms, form, kind)} ${formatNumber(areaTotal, 'square')}`;
}

/** The APART page title (spec §2 APART): '{n}-к квартира {x} м² в {city prepositional}'. */
export function apartPageTitle(
  rooms: number,
  areaTotal: number,
  cityPrepositional: string | null | undefined,
  kind: UnitKind = 'flat',
): string {
  const base = roomsAndArea(rooms, areaTotal, 'nominative', kind);
  return cityPrepositional ? `${base} в ${cityPrepositional}` : base;
}

/**
 * The locality a suburban district stands for, after «в»: a listing in «Гатчинский район» is «в Гатчине», not «в
 * Санкт-Петербурге». Districts inside a city are the city itself (undefined here).
 */
const SUBURB_LOCALITY: Record<string, string> = {
  'Всеволожский район (Мурино)': 'Мурино',
  'Всеволожский район (Кудрово)': 'Кудрово',
  'Ломоносовский район': 'Ломоносовском районе',
  'Гатчинский район': 'Гатчине',
  Красногорск: 'Красногорске',
  Мытищи: 'Мытищах',
  Люберцы: 'Люберцах',
  Балашиха: 'Балашихе',
  Химки: 'Химках',
  Одинцово: 'Одинцово',
  Видное: 'Видном',
  'Аксайский район': 'Аксайском районе',
  Батайск: 'Батайске',
  'Новосибирский район': 'Новосибирском районе',
  Бердск: 'Бердске',
  Берёзовский: 'Берёзовском',
  'Верхняя Пышма': 'Верхней Пышме',
};

/** Where a listing is, after «в»: its suburb's own locality, or the city's. */
export function localityPrepositional(
  areaName: string | null | undefined,
  cityPrepositional: string | null | undefined,
): string | null | undefined {
  return (areaName ? SUBURB_LOCALITY[areaName] : undefined) ?? cityPrepositional;
}
