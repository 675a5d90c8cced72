/**
 * The call-back form's Russian phone mask: whatever is typed or pasted (+7…, 7…, 8… or just the ten digits, with any
 * spaces, brackets and dashes) is shown as +7 (XXX) XXX-XX-XX. The server accepts the same numbers
 * (contract/callback.ts normalizeRussianPhone); the mask only makes them readable and complete.
 */

const NATIONAL_DIGITS = 10;

/** The ten national digits typed so far (fewer while typing), without the country code or a trunk 8. */
export function nationalDigits(input: string): string {
  const digits = input.replace(/\D/g, '');
  const international = input.trimStart().startsWith('+');
  // '+7 …' and the mask's own prefix carry the country code; a number typed or pasted as 8… or 7… has 11 digits
  // or starts that way (a Russian mobile or city code never begins with 7 or 8).
  const dropFirst = international ? digits.startsWith('7') : /^[78]/.test(digits);
  return (dropFirst ? digits.slice(1) : digits).slice(0, NATIONAL_DIGITS);
}

/** What someone types before the number itself: shown as the mask's prefix, so the first key is not swallowed. */
const COUNTRY_PREFIXES = new Set(['+', '+7', '7', '8']);

/** '+7 (912) 345-67-89', or its beginning while the number is being typed; '' once everything is erased. */
export function formatRussianPhone(input: string): string {
  const d = nationalDigits(input);
  if (d.length === 0) {
    const typed = input.trim();
    return COUNTRY_PREFIXES.has(typed) ? (typed === '+' ? '+' : '+7') : '';
  }
  let out = `+7 (${d.slice(0, 3)}`;
  if (d.length > 3) out += `) ${d.slice(3, 6)}`;
  if (d.length > 6) out += `-${d.slice(6, 8)}`;
  if (d.length > 8) out += `-${d.slice(8, 10)}`;
  return out;
}

/** All ten digits are there. */
export function isCompleteRussianPhone(input: string): boolean {
  return nationalDigits(input).length === NATIONAL_DIGITS;
}
