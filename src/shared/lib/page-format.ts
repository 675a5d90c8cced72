import { formatNumber } from '@kvarta/contract/format';

/*
 * Formats only the pages behind the first screen use (a listing's deadline and infrastructure, the price charts):
 * apart from format.ts, whose rules the first screen's cards use, because the bundler puts a module whole into the
 * entry chunk.
 */

const ROMAN = ['I', 'II', 'III', 'IV'];

/** 20274 → 'IV кв. 2027' (the catalogue stores deadlines as year × 10 + quarter). */
export function deadlineText(deadline: number): string {
  const year = Math.floor(deadline / 10);
  const quarter = deadline % 10;
  return quarter >= 1 && quarter <= 4 ? `${ROMAN[quarter - 1]} кв. ${year}` : String(year);
}

const MONTHS = ['янв', 'фев', 'мар', 'апр', 'май', 'июн', 'июл', 'авг', 'сен', 'окт', 'ноя', 'дек'];
/** '2025-03' → 'мар 2025'. */
export function monthLabel(month: string): string {
  const [year, m] = month.split('-');
  const name = MONTHS[Number(m) - 1];
  return name ? `${name} ${year}` : month;
}

/** '350 м', '1,2 км'. */
export function distanceText(meters: number): string {
  return meters < 1000 ? `${Math.round(meters / 10) * 10} м` : `${formatNumber(Math.round(meters / 100) / 10)} км`;
}
