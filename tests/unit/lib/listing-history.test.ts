import { describe, expect, it } from 'vitest';
import { axisRange, monthTime, priceRows, totalChange } from '@/pages/apart/lib/price-history';
import { phoneText } from '@/entities/apartment';

describe('the listing’s own price history', () => {
  const points = [
    { date: '2026-10-01T10:00:00.000Z', priceTotal: 10_000_000 },
    { date: '2026-10-20T10:00:00.000Z', priceTotal: 9_500_000 },
    { date: '2026-11-20T10:00:00.000Z', priceTotal: 9_550_000 },
  ];

  it('gives each price its change against the one before, to 0,1 % under one percent', () => {
    expect(priceRows(points).map((r) => r.change)).toEqual([null, -5, 0.5]);
    expect(totalChange(points)).toBe(-5);
    expect(totalChange(points.slice(0, 1))).toBeNull();
  });

  it('puts a month’s average mid-month', () => {
    expect(new Date(monthTime('2025-03')).toISOString()).toBe('2025-03-15T00:00:00.000Z');
  });

  it('an axis never magnifies a 3 % wobble: it spans at least 40 % of the middle', () => {
    const { min, max } = axisRange([167_000, 170_000, 172_000]);
    expect(max - min).toBeGreaterThanOrEqual(0.4 * 169_500);
    expect(min).toBeLessThanOrEqual(167_000);
    expect(max).toBeGreaterThanOrEqual(172_000);
    expect(min % 10_000).toBe(0);
    // A real move keeps its shape and fits.
    const wide = axisRange([100_000, 200_000]);
    expect(wide.min).toBeLessThanOrEqual(100_000);
    expect(wide.max).toBeGreaterThanOrEqual(200_000);
    expect(axisRange([])).toEqual({ min: 0, max: 1 });
  });
});

describe('the seller’s phone', () => {
  it('a Russian number reads in groups, anything else as given', () => {
    expect(phoneText('+74951234567')).toBe('+7 495 123-45-67');
    expect(phoneText('+7812500400')).toBe('+7812500400');
  });
});

describe('a listing is titled by its own locality', () => {
  it('a suburb names its town, a city district the city', async () => {
    const { apartPageTitle, localityPrepositional } = await import('@/shared/lib');
    expect(apartPageTitle(0, 24.5, localityPrepositional('Гатчинский район', 'Санкт-Петербурге'))).toBe('Студия 24,5 м² в Гатчине');
    expect(localityPrepositional('Мытищи', 'Москве')).toBe('Мытищах');
    expect(localityPrepositional('Адмиралтейский', 'Санкт-Петербурге')).toBe('Санкт-Петербурге');
  });
});
