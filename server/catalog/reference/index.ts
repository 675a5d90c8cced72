export { parsePriceLevels } from './calibration';
export type { CityPriceLevel } from './calibration';
export { toCityInputs, areaId, stationIds } from './reference';
export type { RawCity, RawMetroCity } from './reference';
export { Random } from './random';
export { distanceM } from './geo';
export type * from './types';
