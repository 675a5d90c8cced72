export { generateCatalogue } from './generate';
export type { GenerateOptions } from './generate';
export { parsePriceLevels } from './calibration';
export type { CityPriceLevel } from './calibration';
export { toCityInputs, areaId, stationIds } from './reference';
export type { RawCity, RawMetroCity } from './reference';
export { Random, hashSeed } from './random';
export { distanceM, walkingMinutes } from './geo';
export type * from './types';
