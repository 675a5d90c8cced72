/** Spec §9 number formatting: Russian locale, with suffixes ' ₽', ' м²', ' ₽/м²', ' ₽/мес' or a custom one. */
const SUFFIX = { rub: ' ₽', square: ' м²', rubSquare: ' ₽/м²', rubMonth: ' ₽/мес' } as const;
export type NumberSuffix = keyof typeof SUFFIX;

/**
 * Russian digits as `Intl.NumberFormat('ru-RU', { maximumFractionDigits: 1 })` writes them — '1 234 567,9' with no-break
 * spaces — without building that formatter: its first construction loads ICU locale data, a quarter of a second of a
 * slow phone's main thread in the middle of the first render. Tested against Intl across ranges of values.
 */
function russianDigits(value: number): string {
  if (Number.isNaN(value)) return 'не\u00a0число';
  if (!Number.isFinite(value)) return value > 0 ? '∞' : '-∞';
  const negative = value < 0 || Object.is(value, -0);
  const magnitude = Math.abs(value);
  if (magnitude >= 1e21) return new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 1 }).format(value);
  // ICU rounds the shortest decimal that reads back as this number (1.15, not 1.149999…), half away from zero.
  const shortest = String(magnitude);
  const [integer = '0', fraction = ''] = shortest.includes('e') ? ['0', ''] : shortest.split('.');
  let whole = integer;
  let tenths = Number(fraction[0] ?? '0');
  if (Number(fraction[1] ?? '0') >= 5) tenths += 1;
  if (tenths === 10) {
    tenths = 0;
    whole = (BigInt(whole) + 1n).toString();
  }
  const grouped = whole.replace(/\B(?=(\d{3})+$)/g, '\u00a0');
  return `${negative ? '-' : ''}${grouped}${tenths === 0 ? '' : `,${tenths}`}`;
}

export function formatNumber(value: number, suffix?: NumberSuffix | { custom: string }): string {
  const text = russianDigits(value);
  if (!suffix) return text;
  return text + (typeof suffix === 'string' ? SUFFIX[suffix] : suffix.custom);
}

/**
 * A measured fact of a listing (ceiling height, kitchen, distance) as every screen and message writes it: one rounding,
 * to a tenth, with no trailing ',0' — '2,9 м', '10 м²', '3,4 км'. The apartment page's block and the complex card must
 * not say 2,9 and 2,92 of the same ceiling.
 */
export function formatMeasure(value: number, unit: 'м' | 'м²' | 'км'): string {
  return formatNumber(value, { custom: ` ${unit}` });
}

/** Built on first use, not when the module loads: its ICU data would otherwise load with the first screen's script. */
let russianPlurals: Intl.PluralRules | undefined;
const FORM_OF = { one: 0, few: 1, many: 2, other: 1, zero: 2, two: 1 } as const;

/** Russian plurals by CLDR's rule (1 предложение, 2 предложения, 5 предложений, 1,5 предложения): forms one / few / many. */
export function plural(n: number, forms: readonly [string, string, string]): string {
  russianPlurals ??= new Intl.PluralRules('ru');
  return forms[FORM_OF[russianPlurals.select(Math.abs(n))]];
}

/** Spec §9: feed room labels — 0 'студия', n 'n-к квартира'; apartments 'апартаменты-студия', 'n-комнатные апартаменты'. */
export function roomsLabel(rooms: number, isApartHotel = false): string {
  if (isApartHotel) return rooms === 0 ? 'апартаменты-студия' : `${rooms}-комнатные апартаменты`;
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
