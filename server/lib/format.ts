/** Russian number and word forms for what the server writes itself (bot messages, notices, its own pages). */
const GROUPED = new Intl.NumberFormat('ru-RU');

/** '13 590 000 ₽' */
export const rub = (n: number): string => `${GROUPED.format(Math.round(n))} ₽`;

/** Russian plurals: 1 день, 2 дня, 5 дней, 11 дней, 21 день. */
export function plural(n: number, one: string, few: string, many: string): string {
  const mod10 = n % 10;
  const mod100 = n % 100;
  if (mod10 === 1 && mod100 !== 11) return one;
  if (mod10 >= 2 && mod10 <= 4 && (mod100 < 12 || mod100 > 14)) return few;
  return many;
}
