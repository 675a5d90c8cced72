import type { Apartment, Complex } from '../core/model';
import { marketRatios } from '../catalog/market';
import { CLASS_CODE, FLAG, INFRA_ORDER, NO_METRO_MINUTES } from './constants';
import { binEdges, binOf, DIMENSION_COUNT, writeTasteValues } from './taste/dimensions';
import { UNKNOWN_SLOT } from './taste/model';
import { WISHES } from './wishes';
import type { CityColumns } from './city-columns';

export { CLASS_CODE, FLAG, INFRA_ORDER, NO_METRO_MINUTES };
export type { CityColumns };

export function buildColumns(cityId: number, apartments: readonly Apartment[], complexes: ReadonlyMap<number, Complex>): CityColumns {
  const n = apartments.length;
  const c: CityColumns = {
    cityId,
    size: n,
    id: new Int32Array(n),
    complexId: new Int32Array(n),
    areaId: new Int32Array(n),
    price: new Float64Array(n),
    pricePerMeter: new Float32Array(n),
    areaTotal: new Float32Array(n),
    areaKitchen: new Float32Array(n),
    areaResidential: new Float32Array(n),
    rooms: new Uint8Array(n),
    floor: new Uint8Array(n),
    floors: new Uint8Array(n),
    deadline: new Int32Array(n),
    flags: new Uint16Array(n),
    complexClass: new Uint8Array(n),
    metroMinutes: new Uint16Array(n),
    metro0: new Int32Array(n),
    metro1: new Int32Array(n),
    metro2: new Int32Array(n),
    centreKm: new Float32Array(n),
    infra: new Uint16Array(n * INFRA_ORDER.length),
    fairRatio: new Float32Array(n),
    publishedAt: new Float64Array(n),
    wishSatisfaction: new Uint8Array(n * WISHES.length),
    tasteBins: new Uint8Array(n * DIMENSION_COUNT),
    tasteEdges: [],
    rowOf: new Map(),
  };
  for (let i = 0; i < n; i++) {
    const a = apartments[i]!;
    const complex = complexes.get(a.complexId);
    if (!complex) throw new Error(`Комплекс ${a.complexId} не найден для квартиры ${a.id}`);
    c.id[i] = a.id;
    c.rowOf.set(a.id, i);
    c.complexId[i] = a.complexId;
    c.areaId[i] = a.areaId;
    c.price[i] = a.priceTotal;
    c.pricePerMeter[i] = a.pricePerMeter;
    c.areaTotal[i] = a.areaTotal;
    c.areaKitchen[i] = a.areaKitchen;
    c.areaResidential[i] = a.areaResidential;
    c.rooms[i] = a.roomsCnt;
    c.floor[i] = a.floor;
    c.floors[i] = a.floors;
    c.deadline[i] = a.deadline;
    c.flags[i] =
      (a.realtyType === 'NEW' ? FLAG.NEW : 0) |
      (a.isApartHotel ? FLAG.APART_HOTEL : 0) |
      (a.renovation === 'FULLY_RENOVATED' ? FLAG.RENOVATED : 0) |
      (complex.parking ? FLAG.PARKING : 0) |
      (complex.closedYard ? FLAG.CLOSED_YARD : 0) |
      (a.renovation !== null ? FLAG.RENOVATION_KNOWN : 0) |
      (complex.parking !== null ? FLAG.PARKING_KNOWN : 0) |
      (complex.closedYard !== null ? FLAG.CLOSED_YARD_KNOWN : 0) |
      (a.stageIsPut ? FLAG.STAGE_PUT : 0) |
      (a.status === 'RESERVED' ? FLAG.RESERVED : 0) |
      (a.status === 'SOLD' ? FLAG.SOLD : 0);
    c.complexClass[i] = CLASS_CODE[complex.complexClass];
    c.metroMinutes[i] = complex.metro[0]?.minutes ?? NO_METRO_MINUTES;
    c.metro0[i] = complex.metro[0]?.stationId ?? 0;
    c.metro1[i] = complex.metro[1]?.stationId ?? 0;
    c.metro2[i] = complex.metro[2]?.stationId ?? 0;
    c.centreKm[i] = complex.centreDistanceM / 1000;
    for (let k = 0; k < INFRA_ORDER.length; k++)
      c.infra[i * INFRA_ORDER.length + k] = Math.min(65_535, complex.infraDistanceM[INFRA_ORDER[k]!]);
    c.publishedAt[i] = a.publishedAt;
  }
  // The same market price as the apartment page's verdict and the analytics (catalog/market.ts).
  c.fairRatio.set(marketRatios(apartments, complexes));
  precompute(c);
  return c;
}

/** Everything a query scores that does not depend on the query, computed once per refresh. */
function precompute(c: CityColumns): void {
  const values = new Float64Array(c.size * DIMENSION_COUNT);
  for (let i = 0; i < c.size; i++) {
    for (let w = 0; w < WISHES.length; w++) c.wishSatisfaction[i * WISHES.length + w] = Math.round(WISHES[w]!.satisfaction(c, i) * 255);
    writeTasteValues(c, i, values.subarray(i * DIMENSION_COUNT, (i + 1) * DIMENSION_COUNT));
  }
  c.tasteEdges = binEdges(c, values);
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    c.tasteBins[i] = Number.isNaN(v) ? UNKNOWN_SLOT : binOf(c.tasteEdges[i % DIMENSION_COUNT]!, v);
  }
}
