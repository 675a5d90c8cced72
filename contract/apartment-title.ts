import { formatNumber } from './format';

/**
 * Spec §9 apartment title rules, shared by the APART page and the server's crawlable HTML:
 * rooms 0 → 'Студия' / 'студии', n → '{n}-к квартира' / '{n}-к квартире', short form '{n}-комн.';
 * the area is appended as ' {x} м²'.
 */
export type RoomsForm = 'nominative' | 'prepositional' | 'short';

export function roomsName(rooms: number, form: RoomsForm = 'nominative'): string {
  if (rooms === 0) return form === 'prepositional' ? 'студии' : 'Студия';
  if (form === 'short') return `${rooms}-комн.`;
  return `${rooms}-к ${form === 'prepositional' ? 'квартире' : 'квартира'}`;
}

/** '2-к квартира 54 м²', 'Студия 24,5 м²', '3-комн. 80 м²'. */
export function roomsAndArea(rooms: number, areaTotal: number, form: RoomsForm = 'nominative'): string {
  return `${roomsName(rooms, form)} ${formatNumber(areaTotal, 'square')}`;
}

/** The APART page title (spec §2 APART): '{n}-к квартира {x} м² в {city prepositional}'. */
export function apartPageTitle(rooms: number, areaTotal: number, cityPrepositional: string | null | undefined): string {
  const base = roomsAndArea(rooms, areaTotal);
  return cityPrepositional ? `${base} в ${cityPrepositional}` : base;
}
