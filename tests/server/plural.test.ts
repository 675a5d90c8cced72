import { describe, expect, it } from 'vitest';
import { plural } from '@kvarta/contract/format';

// One Russian plural rule for the server's texts and the client's: CLDR's, through Intl.PluralRules('ru').
describe('plural: Russian forms by Intl.PluralRules', () => {
  const minutes = ['минута', 'минуты', 'минут'] as const;

  it('whole numbers: one, few, many', () => {
    expect([1, 21, 101].map((n) => plural(n, minutes))).toEqual(['минута', 'минута', 'минута']);
    expect([2, 4, 23, 104].map((n) => plural(n, minutes))).toEqual(['минуты', 'минуты', 'минуты', 'минуты']);
    expect([0, 5, 11, 12, 14, 111, 1000].map((n) => plural(n, minutes))).toEqual(Array(7).fill('минут'));
  });

  it('fractions take the genitive singular, as CLDR says (1,5 минуты, 2,5 минуты)', () => {
    expect(plural(1.5, minutes)).toBe('минуты');
    expect(plural(2.5, minutes)).toBe('минуты');
  });

  it('negative numbers by their magnitude', () => {
    expect(plural(-1, minutes)).toBe('минута');
    expect(plural(-5, minutes)).toBe('минут');
  });
});
