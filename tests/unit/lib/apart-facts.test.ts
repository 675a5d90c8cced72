import { describe, expect, it } from 'vitest';
import { comparablesText, dayText, historyChange, isFreshListing, signedPercent } from '@/pages/apart/lib/facts';
import { deadlineText, distanceText } from '@/shared/lib';

const nbsp = (s: string) => s.replace(/\u00a0|\u202f/g, ' ');

describe('APART page facts', () => {
  it('formats deadlines as quarter and year', () => {
    expect(deadlineText(20274)).toBe('IV кв. 2027');
    expect(deadlineText(20261)).toBe('I кв. 2026');
    expect(deadlineText(20250)).toBe('2025');
  });

  it("marks listings of the last week as 'new'", () => {
    const now = Date.parse('2026-11-22T10:00:00Z');
    expect(isFreshListing('2026-11-20T10:00:00Z', now)).toBe(true);
    expect(isFreshListing('2026-11-10T10:00:00Z', now)).toBe(false);
    expect(isFreshListing('garbage', now)).toBe(false);
  });

  it('computes the price change over the history', () => {
    expect(historyChange([{ pricePerMeter: 200_000 }, { pricePerMeter: 210_000 }, { pricePerMeter: 230_000 }])).toBe(15);
    expect(historyChange([{ pricePerMeter: 200_000 }])).toBeNull();
    expect(signedPercent(15)).toBe('+15 %');
    expect(signedPercent(-3)).toBe('−3 %');
    expect(signedPercent(0)).toBe('0 %');
  });

  it('explains the fair price by comparables', () => {
    expect(nbsp(comparablesText(180_000, { count: 40, medianPricePerMeter: 200_000 }))).toBe(
      'Сравнили с 40 похожими квартирами (тот же район, комнатность, тип жилья и класс дома): рынок 200 000 ₽/м², эта квартира на 10 % ниже рынка.',
    );
    expect(comparablesText(220_000, { count: 12, medianPricePerMeter: 200_000 })).toContain('на 10 % выше рынка');
    // The count agrees with its words (the instrumental case): 41 and 21 take the singular, 2, 5 and 11 the plural.
    expect(comparablesText(200_000, { count: 41, medianPricePerMeter: 200_000 })).toMatch(/^Сравнили с 41 похожей квартирой \(/);
    expect(comparablesText(200_000, { count: 21, medianPricePerMeter: 200_000 })).toMatch(/^Сравнили с 21 похожей квартирой \(/);
    expect(comparablesText(200_000, { count: 2, medianPricePerMeter: 200_000 })).toMatch(/^Сравнили с 2 похожими квартирами \(/);
    expect(comparablesText(200_000, { count: 11, medianPricePerMeter: 200_000 })).toMatch(/^Сравнили с 11 похожими квартирами \(/);
    expect(comparablesText(200_000, { count: 1, medianPricePerMeter: 200_000 })).toBe(
      'Похожих предложений в районе пока нет — сравнить не с чем.',
    );
  });

  it('shows distances in metres or kilometres', () => {
    expect(distanceText(347)).toBe('350 м');
    expect(nbsp(distanceText(1_240))).toBe('1,2 км');
  });
});

describe('dayText', () => {
  it('is the day in Moscow as ICU writes it, for every day since 2015 at hours around midnight', () => {
    const reference = new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Moscow' });
    for (let at = Date.UTC(2015, 0, 1); at < Date.UTC(2031, 0, 1); at += 86_400_000) {
      for (const hour of [0, 20, 21, 23]) {
        const iso = new Date(at + hour * 3_600_000).toISOString();
        expect(dayText(iso)).toBe(reference.format(new Date(iso)).replace(/\s*г\.$/, ''));
      }
    }
  });

  it('is empty for a date that is not one', () => {
    expect(dayText('вчера')).toBe('');
  });
});
