import { describe, expect, it } from 'vitest';
import { alreadyFoundText } from '@/features/subscription-modals/ui/result-modals';

describe('the success modal says how many apartments are already found, in agreement with the number', () => {
  it.each([
    [1, 'Уже подобрана 1 квартира'],
    [2, 'Уже подобраны 2 квартиры'],
    [4, 'Уже подобраны 4 квартиры'],
    [5, 'Уже подобрано 5 квартир'],
    [11, 'Уже подобрано 11 квартир'],
    [13, 'Уже подобрано 13 квартир'],
    [21, 'Уже подобрана 21 квартира'],
    [22, 'Уже подобраны 22 квартиры'],
    [112, 'Уже подобрано 112 квартир'],
  ])('%i → %s', (n, text) => expect(alreadyFoundText(n)).toBe(text));
});
