const ROMAN = ['I', 'II', 'III', 'IV'];

/** 20274 → 'IV кв. 2027'. */
export function formatDeadline(deadline: number): string {
  const year = Math.floor(deadline / 10);
  const quarter = deadline % 10;
  return quarter >= 1 && quarter <= 4 ? `${ROMAN[quarter - 1]} кв. ${year}` : String(year);
}
