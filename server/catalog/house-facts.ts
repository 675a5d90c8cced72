import type { HouseType } from '../core/model';

/** The house types as the pages name them. */
export const HOUSE_TYPE_LABEL: Record<HouseType, string> = {
  MONOLITH: 'Монолитный',
  MONOLITH_BRICK: 'Монолитно-кирпичный',
  BRICK: 'Кирпичный',
  PANEL: 'Панельный',
  BLOCK: 'Блочный',
};

/** A stated yes or no in words; null (the source does not say) stays null, which the pages read «нет данных». */
export const yesNo = (value: boolean | null, yes: string, no: string): string | null => (value === null ? null : value ? yes : no);

/** 2.64 → '2,64 м': a ceiling height to the centimetre given; null stays null. */
export const metresOrNull = (value: number | null): string | null => (value === null ? null : `${String(value).replace('.', ',')} м`);

/** The building code's rule: a house of 6 floors or more has a lift. */
export const LIFT_FROM_FLOORS = 6;

/** The demonstration catalogue's lift: every new build has one, an older house from 6 floors (the code's rule). */
export const demoHasLift = (isNew: boolean, floors: number): boolean => isNew || floors >= LIFT_FROM_FLOORS;
