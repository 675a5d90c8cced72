/** The most digits a money field keeps: up to hundreds of billions, far beyond any price. */
const MAX_DIGITS = 12;
const GROUP_SEPARATOR = '\u00a0';

/** Digits grouped by thousands the way formatNumber writes them: '9900000' → '9 900 000' (no-break spaces). */
export function groupDigits(digits: string): string {
  const trimmed = digits.replace(/^0+(?=\d)/, '');
  return trimmed.replace(/\B(?=(\d{3})+$)/g, GROUP_SEPARATOR);
}

/** A money field's text as a number: every non-digit ignored; nothing typed is null. */
export function parseMoney(text: string): number | null {
  const digits = text.replace(/\D/g, '').slice(0, MAX_DIGITS);
  return digits === '' ? null : Number(digits);
}

/** A number as a money field shows it; null is an empty field. */
export function moneyText(value: number | null): string {
  return value === null || !Number.isFinite(value) ? '' : groupDigits(String(Math.max(0, Math.trunc(value))));
}

/**
 * What the user just typed, regrouped, with the caret kept after the same digit it followed: typing '5' into
 * '1 234|' gives '12 345|', deleting a separator's neighbour does not send the caret to the end.
 */
export function regroupMoney(text: string, caret: number): { text: string; caret: number } {
  const digitsBefore = text.slice(0, caret).replace(/\D/g, '').length;
  const digits = text.replace(/\D/g, '').slice(0, MAX_DIGITS);
  const grouped = groupDigits(digits);
  // Leading zeros dropped by grouping are digits the caret no longer passes.
  const dropped = digits.length - grouped.replace(/\D/g, '').length;
  let wanted = Math.max(0, digitsBefore - dropped);
  let position = 0;
  while (wanted > 0 && position < grouped.length) {
    if (/\d/.test(grouped[position]!)) wanted -= 1;
    position += 1;
  }
  return { text: grouped, caret: position };
}
