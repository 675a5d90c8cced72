import { readFileSync } from 'node:fs';
import { parsePriceLevels, toCityInputs, type CityInput, type CityPriceLevel, type RawCity, type RawMetroCity } from './reference';
import { projectPath } from '../project-root';

const DATA_DIR = `${projectPath('server/catalog/data')}/`;

/** The project's own copy of the reference data (cities, metro, price levels). */
export interface ReferenceData {
  cities: RawCity[];
  metro: RawMetroCity[];
  priceCsv: string;
}

let cached: ReferenceData | null = null;

export function readReferenceData(): ReferenceData {
  cached ??= {
    cities: JSON.parse(readFileSync(`${DATA_DIR}cities.json`, 'utf8')) as RawCity[],
    metro: JSON.parse(readFileSync(`${DATA_DIR}metro.json`, 'utf8')) as RawMetroCity[],
    priceCsv: readFileSync(`${DATA_DIR}price-per-m2-by-region.csv`, 'utf8'),
  };
  return cached;
}

export function cityInputs(asOf: Date): { inputs: CityInput[]; levels: Map<number, CityPriceLevel> } {
  const data = readReferenceData();
  const levels = parsePriceLevels(data.priceCsv, asOf);
  return { inputs: toCityInputs(data.cities, data.metro, levels), levels };
}
