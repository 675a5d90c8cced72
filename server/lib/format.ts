/** Money as the server writes it itself (bot messages, notices, its own pages); plurals come from the contract (@kvarta/contract/format). */
const GROUPED = new Intl.NumberFormat('ru-RU');

/** '13 590 000 ₽' */
export const rub = (n: number): string => `${GROUPED.format(Math.round(n))} ₽`;

/** "23.11.2026, 17:05 (МСК)": managers and owners read Moscow time whatever the server's zone, labelled as the bot does. */
export function moscowTime(at: Date): string {
  const text = new Intl.DateTimeFormat('ru-RU', {
    timeZone: 'Europe/Moscow',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }).format(at);
  return `${text} (МСК)`;
}
