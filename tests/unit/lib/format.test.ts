import { describe, expect, it } from 'vitest';
import { formatNumber, millions, plural, roomsAndArea, roomsLabel } from '@/shared/lib';

const nbsp = (s: string) => s.replace(/\u00a0|\u202f/g, ' ');

describe('formatting (spec §9)', () => {
  it('formats numbers in the Russian locale with suffixes', () => {
    expect(nbsp(formatNumber(12_500_000, 'rub'))).toBe('12 500 000 ₽');
    expect(nbsp(formatNumber(54.5, 'square'))).toBe('54,5 м²');
    expect(nbsp(formatNumber(301_000, 'rubSquare'))).toBe('301 000 ₽/м²');
    expect(nbsp(formatNumber(40_000, 'rubMonth'))).toBe('40 000 ₽/мес');
    expect(nbsp(formatNumber(3, { custom: ' этаж' }))).toBe('3 этаж');
  });

  it('writes digits exactly as Intl does for ru-RU, without building Intl.NumberFormat', () => {
    const intl = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 1 });
    const edges = [0, -0, 5, 999, 1000, 1234, 9999.95, 12_345, 1_234_567.89, -1500, 0.05, 0.04, 2.25, 2.35, 1.15, 1.45, -0.04, -2.25];
    const more = [NaN, Infinity, -Infinity, 1e21, 123_456_789_012, Number.MAX_SAFE_INTEGER, 0.95, 99.95, -99.95];
    // A fixed-seed walk over magnitudes from hundredths to billions, both signs, halves included.
    let seed = 42;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    const walked = Array.from({ length: 5_000 }, (_, i) => {
      const magnitude = 10 ** (Math.floor(random() * 12) - 2);
      const value = i % 7 === 0 ? Math.round(random() * 2000) / 20 : random() * magnitude;
      return i % 2 ? -value : value;
    });
    for (const value of [...edges, ...more, ...walked]) expect(formatNumber(value), String(value)).toBe(intl.format(value));
  });

  it.each([
    [1, 'предложение'],
    [2, 'предложения'],
    [4, 'предложения'],
    [5, 'предложений'],
    [11, 'предложений'],
    [12, 'предложений'],
    [21, 'предложение'],
    [22, 'предложения'],
    [111, 'предложений'],
    [0, 'предложений'],
  ])('plural of %i is %s', (n, form) => {
    expect(plural(n, ['предложение', 'предложения', 'предложений'])).toBe(form);
  });

  it('builds apartment titles and feed labels', () => {
    expect(nbsp(roomsAndArea(2, 54))).toBe('2-к квартира 54 м²');
    expect(nbsp(roomsAndArea(0, 24.5))).toBe('Студия 24,5 м²');
    expect(nbsp(roomsAndArea(3, 80, 'prepositional'))).toBe('3-к квартире 80 м²');
    expect(nbsp(roomsAndArea(0, 20, 'prepositional'))).toBe('студии 20 м²');
    expect(roomsLabel(0)).toBe('студия');
    expect(roomsLabel(2)).toBe('2-к квартира');
    expect(nbsp(millions(8_460_000))).toBe('8,5 млн ₽');
  });
});
