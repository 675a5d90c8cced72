import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parsePriceLevels, toCityInputs } from '../../../server/catalog/reference';
import { generateCatalogue } from '../../../server/demo/generator/generate';
import type { RawCity, RawMetroCity } from '../../../server/catalog/reference';
import type { Catalogue } from '../../../server/core/model';
import { buildColumns, type CityColumns } from '../../../server/ranking';

const dataDir = fileURLToPath(new URL('../../../server/catalog/data/', import.meta.url));
const read = (name: string) => readFileSync(`${dataDir}${name}`, 'utf8');

/** A small deterministic catalogue and the columns of one city, for engine tests. */
export function engineFixture(cityId = 77, totalApartments = 15_000): { catalogue: Catalogue; columns: CityColumns } {
  const asOf = new Date(Date.UTC(2026, 10, 15));
  const inputs = toCityInputs(
    JSON.parse(read('cities.json')) as RawCity[],
    JSON.parse(read('metro.json')) as RawMetroCity[],
    parsePriceLevels(read('price-per-m2-by-region.csv'), asOf),
  );
  const catalogue = generateCatalogue(inputs, { asOf, totalApartments });
  const complexes = new Map(catalogue.complexes.map((c) => [c.id, c]));
  const columns = buildColumns(
    cityId,
    catalogue.apartments.filter((a) => a.cityId === cityId),
    complexes,
  );
  return { catalogue, columns };
}
