/** Spec §9 number formatting: Russian locale, with suffixes ' ₽', ' м²', ' ₽/м²', ' ₽/мес' or a custom one. */
const SUFFIX = { rub: ' ₽', square: ' м²', rubSquare: ' ₽/м²', rubMonth: ' ₽/мес' } as const;
export type NumberSuffix = keyof typeof SUFFIX;

const formatter = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 1 });

export function formatNumber(value: number, suffix?: NumberSuffix | { custom: string }): string {
  const text = formatter.format(value);
  if (!suffix) return text;
  return text + (typeof suffix === 'string' ? SUFFIX[suffix] : suffix.custom);
}

/** Russian plurals: one / few / many (1 предложение, 2 предложения, 5 предложений). */
export function plural(n: number, forms: readonly [string, string, string]): string {
  const abs = Math.abs(n) % 100;
  const last = abs % 10;
  if (abs > 10 && abs < 20) return forms[2];
  if (last === 1) return forms[0];
  if (last >= 2 && last <= 4) return forms[1];
  return forms[2];
}

/** Spec §9: feed room labels — 0 'студия', n 'n-к квартира'. */
export function roomsLabel(rooms: number): string {
  return rooms === 0 ? 'студия' : `${rooms}-к квартира`;
}

/** Prices in millions for the summary line: '~ 8,5 млн ₽'. */
export function millions(value: number): string {
  return `${formatNumber(Math.round(value / 100_000) / 10)} млн ₽`;
}

/** An amount in its currency: roubles '1 490 ₽', Telegram Stars '750 ⭐'. */
export function formatMoney(amount: number, currency: 'RUB' | 'XTR'): string {
  return currency === 'XTR' ? `${formatNumber(amount)} ⭐` : formatNumber(amount, 'rub');
}
