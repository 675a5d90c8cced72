import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parsePriceLevels, toCityInputs } from '../../../server/catalog/reference';
import { generateCatalogue } from '../../../server/demo/generator/generate';
import { generatedHouseFacts } from '../../../server/catalog/listing-info';
import type { RawCity, RawMetroCity } from '../../../server/catalog/reference';

const dataDir = fileURLToPath(new URL('../../../server/catalog/data/', import.meta.url));
const read = (name: string) => readFileSync(`${dataDir}${name}`, 'utf8');
const asOf = new Date(Date.UTC(2026, 10, 15));
const levels = parsePriceLevels(read('price-per-m2-by-region.csv'), asOf);
const inputs = toCityInputs(JSON.parse(read('cities.json')) as RawCity[], JSON.parse(read('metro.json')) as RawMetroCity[], levels);

describe('price calibration from the reference CSV', () => {
  it('moves mid-2024 levels forward with a damped trend', () => {
    const msk = levels.get(77)!;
    expect(msk.lastMonth).toBe('2024-06');
    // Moscow new builds were ≈ 390 000 ₽/m² in mid-2024; 29 months at 3–9 % a year.
    expect(msk.targetPricePerM2.NEW).toBeGreaterThan(390_000 * 1.03 ** (29 / 12) * 0.97);
    expect(msk.targetPricePerM2.NEW).toBeLessThan(400_000 * 1.09 ** (29 / 12));
    expect([...levels.keys()].sort((a, b) => a - b)).toEqual([77, 78, 161, 541, 661]);
  });
});

describe('generateCatalogue', () => {
  const catalogue = generateCatalogue(inputs, { asOf, totalApartments: 12_000 });

  it('is deterministic', () => {
    const again = generateCatalogue(inputs, { asOf, totalApartments: 12_000 });
    expect(again.apartments.length).toBe(catalogue.apartments.length);
    expect(again.apartments[777]).toEqual(catalogue.apartments[777]);
    expect(again.complexes.at(-1)).toEqual(catalogue.complexes.at(-1));
  });

  it('builds about the requested number of apartments in all five cities', () => {
    expect(catalogue.apartments.length).toBeGreaterThanOrEqual(12_000);
    expect(catalogue.apartments.length).toBeLessThan(12_000 * 1.05);
    expect(new Set(catalogue.apartments.map((a) => a.cityId))).toEqual(new Set([78, 77, 161, 541, 661]));
  });

  it('calibrates each city (without its suburbs) to within ±10 % of its target ₽/m²', () => {
    for (const input of inputs) {
      const suburbs = new Set(input.areas.filter((a) => a.isRegion).map((a) => a.id));
      for (const type of ['NEW', 'RESALE'] as const) {
        const own = catalogue.apartments.filter((a) => a.cityId === input.kladr && a.realtyType === type && !suburbs.has(a.areaId));
        const mean = own.reduce((s, a) => s + a.pricePerMeter, 0) / own.length;
        expect(Math.abs(mean / input.targetPricePerM2[type] - 1)).toBeLessThan(0.1);
      }
    }
  });

  it('prices follow the hedonic structure: centre dearer than edge, premium dearer than economy', () => {
    const msk = catalogue.apartments.filter((a) => a.cityId === 77 && a.realtyType === 'NEW');
    const complexes = new Map(catalogue.complexes.map((c) => [c.id, c]));
    const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
    const near = msk.filter((a) => complexes.get(a.complexId)!.centreDistanceM < 6000).map((a) => a.pricePerMeter);
    const far = msk.filter((a) => complexes.get(a.complexId)!.centreDistanceM > 15000).map((a) => a.pricePerMeter);
    expect(mean(near)).toBeGreaterThan(mean(far) * 1.2);
    // Classes compared over all cities, each price relative to its city's level.
    const target = new Map(inputs.map((i) => [i.kladr, i.targetPricePerM2.NEW]));
    const newBuilds = catalogue.apartments.filter((a) => a.realtyType === 'NEW');
    const byClass = (c: string) =>
      mean(newBuilds.filter((a) => complexes.get(a.complexId)!.complexClass === c).map((a) => a.pricePerMeter / target.get(a.cityId)!));
    expect(byClass('BUSINESS')).toBeGreaterThan(byClass('ECONOMY') * 1.3);
  });

  it('keeps apartments internally consistent', () => {
    for (const a of catalogue.apartments) {
      expect(a.floor).toBeGreaterThanOrEqual(1);
      expect(a.floor).toBeLessThanOrEqual(a.floors);
      expect(a.areaKitchen + a.areaResidential).toBeLessThan(a.areaTotal);
      expect(a.priceTotal).toBeGreaterThan(1_000_000);
      expect(a.roomsCnt).toBeGreaterThanOrEqual(0);
      expect(a.roomsCnt).toBeLessThanOrEqual(4);
    }
    // Rostov has no metro: its complexes carry no stations.
    expect(catalogue.complexes.filter((c) => c.cityId === 161).every((c) => c.metro.length === 0)).toBe(true);
    expect(catalogue.complexes.filter((c) => c.cityId === 77).every((c) => c.metro.length > 0)).toBe(true);
  });

  it('its houses are consistent with themselves: a lift from 6 floors, a deadline ahead while building, facts of their class', () => {
    const complexes = new Map(catalogue.complexes.map((c) => [c.id, c]));
    const houses = new Map(catalogue.houses.map((h) => [h.id, h]));
    const thisQuarter = 2026 * 10 + 4;
    for (const h of catalogue.houses) {
      const c = complexes.get(h.complexId)!;
      if (c.realtyType === 'NEW')
        expect(h.stageIsPut ? h.deadline < thisQuarter : h.deadline >= thisQuarter, `${h.id}: ${h.deadline}`).toBe(true);
    }
    for (const c of catalogue.complexes) {
      // The demo states every fact; a feed may not (feed-facts.test.ts).
      expect([c.houseType, c.ceilingHeight, c.parking, c.closedYard]).not.toContain(null);
      const premiumish = c.complexClass === 'BUSINESS' || c.complexClass === 'PREMIUM';
      if (premiumish) expect(c.houseType === 'PANEL' || c.houseType === 'BLOCK', `${c.id}`).toBe(false);
      if (premiumish && c.realtyType === 'NEW') expect(c.parking).toBe(true);
      if (c.complexClass === 'PREMIUM' && c.realtyType === 'NEW') expect(c.closedYard).toBe(true);
      if (c.complexClass === 'ECONOMY') expect(c.ceilingHeight!).toBeLessThanOrEqual(3);
      else expect(c.ceilingHeight!).toBeGreaterThanOrEqual(2.75);
    }
    // A house of 6 floors or more has a lift on every listing's page (so does every new build); the mortgage is possible.
    const seen = new Set<number>();
    for (const a of catalogue.apartments) {
      if (seen.has(a.houseId)) continue;
      seen.add(a.houseId);
      const house = houses.get(a.houseId)!;
      const facts = Object.fromEntries(generatedHouseFacts(a, complexes.get(a.complexId)!, house).map((f) => [f.key, f.value]));
      expect(facts.lift, `${house.floors} этажей`).toBe(house.floors >= 6 || a.realtyType === 'NEW' ? 'Есть' : 'Нет');
      expect(facts.mortgage).toBe('Возможна');
      expect(facts.renovation).toBe(a.renovation === 'FULLY_RENOVATED' ? 'С отделкой' : 'Без отделки');
    }
    expect(catalogue.houses.some((h) => h.floors < 6 && complexes.get(h.complexId)!.realtyType === 'RESALE')).toBe(true);
  });

  it('writes 24 months of price history per complex, ending in the catalogue month', () => {
    const first = catalogue.complexes[0]!;
    const history = catalogue.priceHistory.filter((p) => p.complexId === first.id);
    expect(history).toHaveLength(24);
    expect(history.at(-1)!.month).toBe('2026-11');
  });
});
