import { describe, expect, it } from 'vitest';
import { groupDigits, moneyText, parseMoney, regroupMoney } from '@/shared/lib';

const NBSP = '\u00a0';
const spaced = (text: string) => text.replaceAll(' ', NBSP);

describe('money field: grouped by thousands, read back as a number', () => {
  it('groups digits the way prices are written elsewhere', () => {
    expect(groupDigits('9900000')).toBe(spaced('9 900 000'));
    expect(groupDigits('999')).toBe('999');
    expect(groupDigits('1000')).toBe(spaced('1 000'));
    expect(groupDigits('007500')).toBe(spaced('7 500'));
    expect(moneyText(200_000_000)).toBe(spaced('200 000 000'));
    expect(moneyText(null)).toBe('');
  });

  it('parses whatever was typed or pasted: spaces, no-break spaces, letters and ₽ ignored', () => {
    expect(parseMoney(spaced('9 900 000'))).toBe(9_900_000);
    expect(parseMoney('9 900 000 ₽')).toBe(9_900_000);
    expect(parseMoney('12abc3')).toBe(123);
    expect(parseMoney('')).toBeNull();
    expect(parseMoney('руб.')).toBeNull();
    // No price has more than twelve digits: the rest is dropped rather than turning into 1e+20.
    expect(parseMoney('123456789012345')).toBe(123_456_789_012);
    for (const value of [0, 7, 1_000, 2_000_000, 9_900_000, 200_000_000]) expect(parseMoney(moneyText(value))).toBe(value);
  });

  it('keeps the caret after the digit it followed while regrouping', () => {
    // '1 234|' + '5' → '12 345|'
    expect(regroupMoney(spaced('1 2345'), 6)).toEqual({ text: spaced('12 345'), caret: 6 });
    // A digit typed in the middle: '9 9|00 000' + '1' → '99 1|00 000'
    expect(regroupMoney(spaced('9 9100 000'), 4)).toEqual({ text: spaced('99 100 000'), caret: 4 });
    // Deleting the first digit: '|900 000' stays at the start.
    expect(regroupMoney(spaced('900 000'), 0)).toEqual({ text: spaced('900 000'), caret: 0 });
    // The caret at the end stays at the end.
    const end = regroupMoney('9900000', 7);
    expect(end).toEqual({ text: spaced('9 900 000'), caret: end.text.length });
  });
});
