import { formatNumber, plural } from '@/shared/lib';

/** Distance to a station as a person reads it: metres up to a kilometre, then kilometres to one decimal. */
export function formatDistance(metres: number): string {
  const rounded = Math.round(metres / 10) * 10;
  return rounded < 1000 ? `${rounded} м` : `${formatNumber(Math.round(metres / 100) / 10)} км`;
}

/** 'ещё 2 станции' for the stations a card does not list. */
export function moreStations(count: number): string {
  return `ещё ${count} ${plural(count, ['станция', 'станции', 'станций'])}`;
}
