/** Money as the server writes it itself (bot messages, notices, its own pages); plurals come from the contract (@kvarta/contract/format). */
const GROUPED = new Intl.NumberFormat('ru-RU');

/** '13 590 000 ₽' */
export const rub = (n: number): string => `${GROUPED.format(Math.round(n))} ₽`;
