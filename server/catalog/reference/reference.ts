import type { CityInput } from './types';
import type { CityPriceLevel } from './calibration';
import { districtLevel } from './district-levels';

/** Shapes of the reference files in server/catalog/data (copied from shared/data). */
export interface RawCity {
  kladr: number;
  name: string;
  prepositional: string;
  link: string;
  hasMetro: boolean;
  centre: [number, number];
  districts: Array<{ name: string; group: string; lat: number; lng: number; okrug?: string }>;
  region?: Array<{ name: string; group: string; lat: number; lng: number; okrug?: string }>;
}
export interface RawMetroCity {
  kladr: number;
  lines: Array<{
    id: string;
    name: string;
    hexColor: string;
    stations: Array<{ id: string; name: string; lat: number; lng: number; order: number }>;
  }>;
}

/** Stable ids: districts then suburbs in file order, from kladr × 1000 + 1. */
export function areaId(kladr: number, index: number): number {
  return kladr * 1000 + index + 1;
}

/** Stable ids: lines and stations in file order, from kladr × 1000 + 1. */
export function stationIds(city: RawMetroCity): Map<string, number> {
  const ids = new Map<string, number>();
  let n = 0;
  for (const line of city.lines) for (const station of line.stations) ids.set(`${line.id}:${station.id}`, city.kladr * 1000 + ++n);
  return ids;
}

export function toCityInputs(cities: RawCity[], metro: RawMetroCity[], levels: Map<number, CityPriceLevel>): CityInput[] {
  return cities.map((city) => {
    const level = levels.get(city.kladr);
    if (!level) throw new Error(`Нет ценовых данных для города ${city.kladr}`);
    const districts = city.districts.map((d, i) => ({
      id: areaId(city.kladr, i),
      name: d.name,
      lat: d.lat,
      lng: d.lng,
      isRegion: false,
      level: districtLevel(city.kladr, d.name, d.okrug),
    }));
    const suburbs = (city.region ?? []).map((d, i) => ({
      id: areaId(city.kladr, city.districts.length + i),
      name: d.name,
      lat: d.lat,
      lng: d.lng,
      isRegion: true,
      level: districtLevel(city.kladr, d.name),
    }));
    const metroCity = metro.find((m) => m.kladr === city.kladr);
    const ids = metroCity ? stationIds(metroCity) : new Map<string, number>();
    const stations = metroCity
      ? metroCity.lines.flatMap((line) =>
          line.stations.map((s) => ({ id: ids.get(`${line.id}:${s.id}`)!, name: s.name, lat: s.lat, lng: s.lng })),
        )
      : [];
    return {
      kladr: city.kladr,
      centre: city.centre,
      areas: [...districts, ...suburbs],
      stations,
      targetPricePerM2: level.targetPricePerM2,
      monthlyGrowth: level.monthlyGrowth,
    };
  });
}
