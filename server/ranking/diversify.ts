import type { CityColumns } from './city-columns';

/** Of any 10 consecutive suggestions, at most this many from one complex and at one metro station. */
export const MAX_PER_COMPLEX = 3;
export const MAX_PER_STATION = 5;
const WINDOW = 10;

/**
 * Best first, but no ten in a row are one complex at one station: a listing that would break the limits waits
 * for the window to move on, and is placed anyway only when nothing else the filters let through is left.
 */
export function diversify<T extends { row: number }>(c: CityColumns, ranked: readonly T[], limit: number): T[] {
  const picked: T[] = [];
  const waiting: T[] = [];
  const complexes = new Map<number, number>();
  const stations = new Map<number, number>();
  const add = (row: number, by: number) => {
    const complex = c.complexId[row]!;
    complexes.set(complex, (complexes.get(complex) ?? 0) + by);
    const station = c.metro0[row]!;
    if (station !== 0) stations.set(station, (stations.get(station) ?? 0) + by);
  };
  const fits = (row: number) =>
    (complexes.get(c.complexId[row]!) ?? 0) < MAX_PER_COMPLEX && (stations.get(c.metro0[row]!) ?? 0) < MAX_PER_STATION;
  const place = (item: T) => {
    picked.push(item);
    add(item.row, 1);
    // The suggestion leaving the window frees its complex and station.
    const leaving = picked[picked.length - WINDOW];
    if (leaving) add(leaving.row, -1);
  };
  const placeWaiting = () => {
    for (let i = 0; i < waiting.length && picked.length < limit;) {
      if (fits(waiting[i]!.row)) place(waiting.splice(i, 1)[0]!);
      else i++;
    }
  };
  for (const item of ranked) {
    placeWaiting();
    if (picked.length >= limit) break;
    if (fits(item.row)) place(item);
    else waiting.push(item);
  }
  placeWaiting();
  // The filters leave nothing else: the rest in their order.
  for (const item of waiting) if (picked.length < limit) picked.push(item);
  return picked;
}
