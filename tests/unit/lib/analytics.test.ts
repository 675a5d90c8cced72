import { describe, expect, it } from 'vitest';
import {
  DEFAULT_ANALYTICS_FILTERS,
  buildAnalyticsRequest,
  keyAnalyticsResult,
  parseAnalyticsFilters,
  type AnalyticsFilters,
} from '@/entities/analytics';
import { formatPriceRange, roundByMagnitude } from '@/shared/lib';
import { detailCell } from '@/pages/analytics-details/lib/cells';

const nbsp = (s: string) => s.replace(/\u00a0|\u202f/g, ' ');
const filters = (patch: Partial<AnalyticsFilters>): AnalyticsFilters => ({ ...DEFAULT_ANALYTICS_FILTERS, currentCity: 78, ...patch });

describe('analytics request builder (spec §5)', () => {
  it('omits the default bounds and empty arrays', () => {
    expect(buildAnalyticsRequest(filters({}), [78])).toEqual({ cityIds: [78] });
  });

  it('keeps real bounds, areas, metro of a metro city, and maps room keys to sorted numbers', () => {
    const request = buildAnalyticsRequest(
      filters({
        priceRange: [5_000_000, 20_000_000],
        areaIds: [3, 7],
        metroIds: [11],
        hasMetro: true,
        roomsCntForFilter: ['r4', 'studio', 'r2'],
      }),
      [78],
    );
    expect(request).toEqual({
      cityIds: [78],
      areaIds: [3, 7],
      metroIds: [11],
      roomsCntForFilter: [0, 2, 4],
      priceTotalMinFrom: 5_000_000,
      priceTotalMinTo: 20_000_000,
    });
  });

  it('omits only the bound at its range end', () => {
    expect(buildAnalyticsRequest(filters({ priceRange: [0, 9_000_000] }), [77])).toEqual({ cityIds: [77], priceTotalMinTo: 9_000_000 });
    expect(buildAnalyticsRequest(filters({ priceRange: [3_000_000, 200_000_000] }), [77])).toEqual({
      cityIds: [77],
      priceTotalMinFrom: 3_000_000,
    });
  });

  it('drops metro ids for a city without metro', () => {
    expect(buildAnalyticsRequest(filters({ metroIds: [1, 2], hasMetro: false }), [161])).toEqual({ cityIds: [161] });
  });

  it('does not run without city ids, without both bounds, or with an inverted range', () => {
    expect(buildAnalyticsRequest(filters({}), [])).toBeNull();
    expect(buildAnalyticsRequest(filters({ priceRange: [null, 10_000_000] }), [78])).toBeNull();
    expect(buildAnalyticsRequest(filters({ priceRange: [1_000_000, null] }), [78])).toBeNull();
    expect(buildAnalyticsRequest(filters({ priceRange: [9_000_000, 1_000_000] }), [78])).toBeNull();
  });
});

describe('stored analytics filters', () => {
  it('parses a valid value and falls back on anything broken', () => {
    const stored = {
      currentCity: 77,
      areaIds: [1, 1, -2, 'x'],
      metroIds: [5],
      priceRange: [1_000_000, 5e9],
      roomsCntForFilter: ['r1', 'r9'],
      hasMetro: true,
    };
    expect(parseAnalyticsFilters(JSON.stringify(stored))).toEqual({
      currentCity: 77,
      areaIds: [1],
      metroIds: [5],
      priceRange: [1_000_000, null],
      roomsCntForFilter: ['r1'],
      hasMetro: true,
    });
    expect(parseAnalyticsFilters(null)).toEqual(DEFAULT_ANALYTICS_FILTERS);
    expect(parseAnalyticsFilters('{oops')).toEqual(DEFAULT_ANALYTICS_FILTERS);
    expect(parseAnalyticsFilters('[1,2]')).toEqual(DEFAULT_ANALYTICS_FILTERS);
    expect(parseAnalyticsFilters('{}').priceRange).toEqual([0, 200_000_000]);
  });
});

describe('analytics result', () => {
  it('is keyed by type in camelCase', () => {
    const result = keyAnalyticsResult([
      { type: 'PRICE_BY_ROOMS', items: [{ roomsCnt: 1, count: 2, avgPrice: 3, avgPricePerMeter: 4 }] },
      { type: 'SUMMARY', items: [] },
    ]);
    expect(result.priceByRooms).toHaveLength(1);
    expect(result.summary).toEqual([]);
  });
});

describe('price ranges in millions (spec §9: rounding by magnitude, thresholds 25 and 100)', () => {
  it.each([
    [7.84, 7.8],
    [24.96, 25],
    [24.94, 24.9],
    [25.4, 25],
    [42.6, 43],
    [99.4, 99],
    [100, 100],
    [123.4, 125],
    [137.6, 140],
    [0.04, 0],
  ])('%f → %f', (value, rounded) => expect(roundByMagnitude(value)).toBe(rounded));

  it('formats a range, or one value when the ends round equal', () => {
    expect(nbsp(formatPriceRange(5_230_000, 7_810_000))).toBe('5,2 – 7,8 млн ₽');
    expect(nbsp(formatPriceRange(31_200_000, 118_000_000))).toBe('31 – 120 млн ₽');
    expect(nbsp(formatPriceRange(8_010_000, 7_990_000))).toBe('8 млн ₽');
    expect(nbsp(formatPriceRange(250_000, 900_000, { unit: 1000, suffix: ' тыс. ₽' }))).toBe('250 – 900 тыс. ₽');
  });
});

describe('analytics details cells (spec §2 ANALYTICS_DETAILS)', () => {
  const row = {
    areaId: 1,
    areaName: 'Центральный',
    dataList: [
      { roomsCnt: 0, count: 1, priceTotalMinFrom: 5_230_000, priceTotalMinTo: 5_240_000, pricePerMeter: 250_000 },
      { roomsCnt: 2, count: 22, priceTotalMinFrom: 12_000_000, priceTotalMinTo: 31_600_000, pricePerMeter: 301_000 },
      { roomsCnt: 3, count: 5, priceTotalMinFrom: 20_000_000, priceTotalMinTo: 140_000_000, pricePerMeter: 410_500 },
      { roomsCnt: 4, count: 0, priceTotalMinFrom: 0, priceTotalMinTo: 0, pricePerMeter: 0 },
    ],
  };
  it('shows the price range in millions, the count with its plural and ₽/m²', () => {
    const fix = (c: ReturnType<typeof detailCell>) => c && { price: nbsp(c.price), count: nbsp(c.count), perMeter: nbsp(c.perMeter) };
    expect(fix(detailCell(row, 0))).toEqual({ price: '5,2 млн ₽', count: '1 предложение', perMeter: '250 000 ₽/м²' });
    expect(fix(detailCell(row, 2))).toEqual({ price: '12 – 32 млн ₽', count: '22 предложения', perMeter: '301 000 ₽/м²' });
    expect(fix(detailCell(row, 3))).toEqual({ price: '20 – 140 млн ₽', count: '5 предложений', perMeter: '410 500 ₽/м²' });
  });
  it('has no cell where there is no data', () => {
    expect(detailCell(row, 1)).toBeNull();
    expect(detailCell(row, 4)).toBeNull();
  });
});
