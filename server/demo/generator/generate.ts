import { distanceM, offset, walkingMinutes } from '../../catalog/reference/geo';
import { COMPLEX_ADJECTIVES, DEVELOPERS, INFRA_NAMES, STREETS, complexName, repeatsRoot } from './names';
import { CLASS_FACTOR, areaFactor, finishingFactor, floorFactor, locationFactor, metroFactor } from './pricing';
import { Random, hashSeed } from '../../catalog/reference/random';
import type { CityInput } from '../../catalog/reference/types';
import type { Apartment, Catalogue, Complex, ComplexClass, HouseType, House, InfraKind, InfraPoint, RealtyType } from '../../core/model';

export interface GenerateOptions {
  /** Total apartments over all cities (default 50 000). */
  totalApartments?: number;
  /** The catalogue date: publication dates and price history end here. */
  asOf: Date;
  seed?: number;
}

/** Share of the catalogue per city, by kladr. */
const CITY_SHARE: Record<number, number> = { 77: 0.34, 78: 0.24, 661: 0.14, 541: 0.14, 161: 0.14 };
const CLASSES: ComplexClass[] = ['ECONOMY', 'COMFORT', 'BUSINESS', 'PREMIUM'];
const HOUSE_TYPES: HouseType[] = ['MONOLITH', 'MONOLITH_BRICK', 'BRICK', 'PANEL', 'BLOCK'];
const INFRA_KINDS: InfraKind[] = ['SCHOOL', 'KINDERGARTEN', 'PARK', 'SHOP', 'CLINIC'];
/** Share of rooms 0 (studio) … 4+ among new builds and resale. */
const ROOM_WEIGHTS: Record<RealtyType, number[]> = { NEW: [18, 35, 28, 15, 4], RESALE: [6, 32, 36, 20, 6] };
const AREA_RANGE: Array<[number, number]> = [
  [19, 32],
  [32, 48],
  [48, 74],
  [70, 105],
  [98, 170],
];
const HISTORY_MONTHS = 24;

class Ids {
  private next = 1;
  take(): number {
    return this.next++;
  }
}

export function generateCatalogue(cities: CityInput[], options: GenerateOptions): Catalogue {
  const total = options.totalApartments ?? 50_000;
  const seed = options.seed ?? 2026;
  const developers = DEVELOPERS.map((name, i) => ({ id: i + 1, name }));
  const out: Catalogue = { developers, complexes: [], houses: [], apartments: [], infrastructure: [], priceHistory: [] };
  const ids = { complex: new Ids(), house: new Ids(), apartment: new Ids(), infra: new Ids() };
  for (const city of cities) {
    const share = CITY_SHARE[city.kladr] ?? 0.1;
    generateCity(city, Math.round(total * share), new Random(seed ^ hashSeed(String(city.kladr))), options.asOf, ids, out);
  }
  return out;
}

function generateCity(city: CityInput, target: number, rnd: Random, asOf: Date, ids: Record<string, Ids>, out: Catalogue): void {
  const cityAreas = city.areas.filter((a) => !a.isRegion);
  const radius = Math.max(...cityAreas.map((a) => distanceM(city.centre[0], city.centre[1], a.lat, a.lng)), 4000);
  const firstApartment = out.apartments.length;
  const cityInfra: InfraPoint[] = [];
  const complexes: Complex[] = [];
  const takenNames = new Set<string>();
  let made = 0;
  while (made < target) {
    // A new-build complex lists ~65 flats, a resale house ~7: one complex in eight is new, so about
    // 60 % of the listings are new builds, as on the big portals in these cities.
    const realtyType: RealtyType = rnd.chance(0.13) ? 'NEW' : 'RESALE';
    // Suburbs get a fifth of the new builds and little resale.
    const pool = rnd.chance(realtyType === 'NEW' ? 0.2 : 0.06) ? city.areas.filter((a) => a.isRegion) : cityAreas;
    const area = rnd.pick(pool.length > 0 ? pool : cityAreas);
    const [lat, lng] = offset(area.lat, area.lng, Math.abs(rnd.normal()) * 1100, rnd.range(0, 2 * Math.PI));
    // The district sets the price level; an area the table does not know falls back to distance from the centre.
    const level = area.level ?? locationFactor(distanceM(city.centre[0], city.centre[1], lat, lng) / radius);
    // Drawn to keep the catalogue's random sequence (and so every other figure) as it was; no name or address uses it.
    const street = rnd.pick(STREETS);
    const place = { areaId: area.id, areaName: area.name, level, street, lat, lng };
    const complex = makeComplex(city, ids.complex!.take(), place, realtyType, rnd, takenNames);
    complexes.push(complex);
    out.complexes.push(complex);
    addInfrastructure(complex, city.kladr, rnd, ids.infra!, cityInfra);
    made += addHouses(complex, city, place, rnd, asOf, ids, out);
  }
  const grid = infraGrid(cityInfra);
  for (const complex of complexes) complex.infraDistanceM = nearestInfra(complex, grid);
  out.infrastructure.push(...cityInfra);
  calibrate(out.apartments, firstApartment, city);
  addPriceHistory(complexes, out, city, asOf, rnd);
}

/** A resale house within this walk of a station is named after it. */
const NAMED_STATION_M = 1_200;

/**
 * The class a house can have: panel and block houses and five-storey blocks are economy or comfort, whatever the
 * district's level drew (a 5-storey block house is never «Бизнес»).
 */
function classForHouse(drawn: ComplexClass, houseType: HouseType, floorsMax: number, isNew: boolean): ComplexClass {
  const modest = houseType === 'PANEL' || houseType === 'BLOCK' || (!isNew && floorsMax <= 5);
  return modest && (drawn === 'BUSINESS' || drawn === 'PREMIUM') ? 'COMFORT' : drawn;
}

/** Where a complex stands: its district (with the district's price level) and its street. */
interface Place {
  areaId: number;
  areaName: string;
  level: number;
  street: string;
  lat: number;
  lng: number;
}

/** Dearer districts hold more business and premium class, cheaper ones more economy. */
function classWeights(isNew: boolean, level: number): number[] {
  if (level >= 1.5) return isNew ? [3, 32, 38, 27] : [10, 45, 30, 15];
  if (level >= 1.15) return isNew ? [15, 45, 28, 12] : [30, 45, 19, 6];
  if (level < 0.8) return isNew ? [45, 47, 7, 1] : [60, 36, 4, 0];
  return isNew ? [30, 45, 18, 7] : [45, 40, 12, 3];
}

function makeComplex(city: CityInput, id: number, place: Place, realtyType: RealtyType, rnd: Random, takenNames: Set<string>): Complex {
  const { areaId, lat, lng } = place;
  const centreDistanceM = distanceM(city.centre[0], city.centre[1], lat, lng);
  const metro = city.stations
    .map((s) => ({ stationId: s.id, distanceM: Math.round(distanceM(lat, lng, s.lat, s.lng)) }))
    .sort((a, b) => a.distanceM - b.distanceM)
    .slice(0, 3)
    .filter((m, i) => i === 0 || m.distanceM < 3000)
    .map((m) => ({ ...m, minutes: walkingMinutes(m.distanceM) }));
  const isNew = realtyType === 'NEW';
  const drawnClass = CLASSES[rnd.weighted(classWeights(isNew, place.level))]!;
  const houseType = isNew ? rnd.pick(['MONOLITH', 'MONOLITH', 'MONOLITH_BRICK', 'BRICK', 'PANEL'] as const) : rnd.pick(HOUSE_TYPES);
  const floorsMax = isNew
    ? rnd.int(drawnClass === 'PREMIUM' ? 7 : 9, drawnClass === 'ECONOMY' ? 25 : 32)
    : rnd.pick([5, 5, 9, 9, 12, 14, 16, 17, 22]);
  const complexClass = classForHouse(drawnClass, houseType, floorsMax, isNew);
  const premiumish = complexClass === 'BUSINESS' || complexClass === 'PREMIUM';
  // The generator has no street plan of the city: a resale house is named by its station (when it is a walk away) or
  // its district, never by a street that may not be there.
  const station = metro[0] && metro[0].distanceM <= NAMED_STATION_M ? city.stations.find((s) => s.id === metro[0]!.stationId) : undefined;
  const name = isNew
    ? `ЖК «${complexName(rnd, place.areaName, takenNames)}»`
    : station
      ? `Дом у м. ${station.name}`
      : `Дом, ${place.areaName}`;
  return {
    id,
    cityId: city.kladr,
    areaId,
    developerId: isNew ? rnd.int(1, DEVELOPERS.length) : null,
    name,
    realtyType,
    complexClass,
    houseType,
    floorsMax,
    ceilingHeight: Math.round(rnd.range(complexClass === 'ECONOMY' ? 2.6 : 2.75, complexClass === 'PREMIUM' ? 3.4 : 3.0) * 100) / 100,
    // Facts match the class: a business or premium new build has its parking, a premium one its closed yard.
    parking: isNew ? premiumish || rnd.chance(complexClass === 'ECONOMY' ? 0.5 : 0.9) : rnd.chance(0.2),
    closedYard: isNew ? complexClass === 'PREMIUM' || rnd.chance(complexClass === 'ECONOMY' ? 0.3 : 0.8) : rnd.chance(0.1),
    lat,
    lng,
    centreDistanceM: Math.round(centreDistanceM),
    metro,
    infraDistanceM: { SCHOOL: 0, KINDERGARTEN: 0, PARK: 0, SHOP: 0, CLINIC: 0 },
    imageCount: rnd.int(3, 5),
  };
}

function addInfrastructure(complex: Complex, cityId: number, rnd: Random, ids: Ids, into: InfraPoint[]): void {
  const counts: Record<InfraKind, [number, number]> = { SCHOOL: [0, 2], KINDERGARTEN: [0, 2], PARK: [0, 1], SHOP: [1, 3], CLINIC: [0, 1] };
  for (const kind of INFRA_KINDS) {
    const [min, max] = counts[kind];
    for (let i = rnd.int(min, max); i > 0; i--) {
      const [lat, lng] = offset(complex.lat, complex.lng, rnd.range(150, 1400), rnd.range(0, 2 * Math.PI));
      const label = rnd.pick(INFRA_NAMES[kind]);
      const name = label.endsWith('№') ? `${label} ${rnd.int(1, 650)}` : infraName(label, rnd);
      into.push({ id: ids.take(), cityId, kind, name, lat, lng });
    }
  }
}

/** 'Сквер «Липовый»', never 'Парк «Парковый»'. */
function infraName(label: string, rnd: Random): string {
  let name = `${label} «${rnd.pick(COMPLEX_ADJECTIVES)}»`;
  while (repeatsRoot(name)) name = `${label} «${rnd.pick(COMPLEX_ADJECTIVES)}»`;
  return name;
}

/** Cells of ~550 m, searched ring by ring outwards from a complex. */
const CELL_LAT = 0.005;
const CELL_LNG = 0.01;
/** ~3 km: anything farther is "far" anyway. */
const MAX_RING = 6;
const RING_M = 550;
const cellKey = (row: number, col: number) => `${row}:${col}`;

function infraGrid(points: InfraPoint[]): Map<string, InfraPoint[]> {
  const grid = new Map<string, InfraPoint[]>();
  for (const p of points) {
    const key = cellKey(Math.floor(p.lat / CELL_LAT), Math.floor(p.lng / CELL_LNG));
    const cell = grid.get(key);
    if (cell) cell.push(p);
    else grid.set(key, [p]);
  }
  return grid;
}

/** The nearest point of each kind; stops once every kind has one nearer than the next ring could be. */
function nearestInfra(complex: Complex, grid: Map<string, InfraPoint[]>): Record<InfraKind, number> {
  const best: Record<InfraKind, number> = { SCHOOL: 99_999, KINDERGARTEN: 99_999, PARK: 99_999, SHOP: 99_999, CLINIC: 99_999 };
  const row = Math.floor(complex.lat / CELL_LAT);
  const col = Math.floor(complex.lng / CELL_LNG);
  for (let ring = 0; ring <= MAX_RING; ring++) {
    for (let r = row - ring; r <= row + ring; r++) {
      for (let c = col - ring; c <= col + ring; c++) {
        if (Math.max(Math.abs(r - row), Math.abs(c - col)) !== ring) continue;
        for (const p of grid.get(cellKey(r, c)) ?? []) {
          const d = distanceM(complex.lat, complex.lng, p.lat, p.lng);
          if (d < best[p.kind]) best[p.kind] = Math.round(d);
        }
      }
    }
    if (Math.max(...Object.values(best)) <= ring * RING_M) break;
  }
  return best;
}

function quarterOf(date: Date, addQuarters: number): number {
  const q = Math.floor(date.getUTCMonth() / 3) + addQuarters;
  const year = date.getUTCFullYear() + Math.floor(q / 4);
  return year * 10 + (q % 4) + 1;
}

function addHouses(
  complex: Complex,
  city: CityInput,
  place: Place,
  rnd: Random,
  asOf: Date,
  ids: Record<string, Ids>,
  out: Catalogue,
): number {
  const isNew = complex.realtyType === 'NEW';
  const houseCount = isNew ? rnd.int(1, 4) : 1;
  const complexNoise = Math.exp(rnd.normal() * 0.07);
  const metroMinutes = complex.metro[0]?.minutes ?? null;
  const base = place.level * metroFactor(city.stations.length ? metroMinutes : null) * CLASS_FACTOR[complex.complexClass] * complexNoise;
  let count = 0;
  for (let h = 0; h < houseCount; h++) {
    const deadline = isNew ? quarterOf(asOf, rnd.int(-3, 12)) : rnd.int(1960, 2022) * 10 + 4;
    const stageIsPut = deadline <= quarterOf(asOf, -1);
    const floors = Math.max(3, complex.floorsMax - (isNew ? rnd.int(0, 6) : 0));
    const [lat, lng] = offset(complex.lat, complex.lng, rnd.range(20, 180), rnd.range(0, 2 * Math.PI));
    const house: House = {
      id: ids.house!.take(),
      complexId: complex.id,
      name: isNew ? `Корпус ${h + 1}` : 'Дом',
      // No made-up street: the district and a house number.
      address: `${place.areaName}, д. ${rnd.int(1, 120)}${isNew ? ` к${h + 1}` : ''}`,
      floors,
      deadline,
      stageIsPut,
      lat,
      lng,
    };
    out.houses.push(house);
    const listings = isNew ? rnd.int(12, 40) : rnd.int(2, 12);
    for (let i = 0; i < listings; i++) out.apartments.push(makeApartment(complex, house, base, rnd, asOf, ids.apartment!.take()));
    count += listings;
  }
  return count;
}

function makeApartment(complex: Complex, house: House, base: number, rnd: Random, asOf: Date, id: number): Apartment {
  const isNew = complex.realtyType === 'NEW';
  const roomsCnt = rnd.weighted(ROOM_WEIGHTS[complex.realtyType]);
  const [minArea, maxArea] = AREA_RANGE[roomsCnt]!;
  const luxury = complex.complexClass === 'BUSINESS' ? 1.15 : complex.complexClass === 'PREMIUM' ? 1.35 : 1;
  const areaTotal = Math.round(rnd.range(minArea, maxArea) * luxury * 10) / 10;
  const areaKitchen =
    Math.round((roomsCnt === 0 ? areaTotal * rnd.range(0.15, 0.22) : rnd.range(7, roomsCnt >= 3 ? 22 : 16) * luxury) * 10) / 10;
  const areaResidential = Math.round(Math.min(areaTotal - areaKitchen - 3, areaTotal * rnd.range(0.48, 0.62)) * 10) / 10;
  const floor = rnd.int(1, house.floors);
  const renovation = isNew ? (rnd.chance(0.38) ? 'FULLY_RENOVATED' : 'UNRENOVATED') : rnd.chance(0.7) ? 'FULLY_RENOVATED' : 'UNRENOVATED';
  const isApartHotel = isNew && complex.complexClass !== 'ECONOMY' && rnd.chance(0.06);
  const relative =
    base *
    areaFactor(areaTotal) *
    floorFactor(floor, house.floors) *
    finishingFactor(renovation, isApartHotel) *
    Math.exp(rnd.normal() * 0.05);
  const statusRoll = rnd.next();
  const daysAgo = Math.floor(rnd.next() ** 1.6 * 240);
  return {
    id,
    houseId: house.id,
    complexId: complex.id,
    cityId: complex.cityId,
    areaId: complex.areaId,
    roomsCnt,
    areaTotal,
    areaKitchen,
    areaResidential,
    floor,
    floors: house.floors,
    layoutCode: `${roomsCnt}-${rnd.int(1, 6)}`,
    // Relative until `calibrate` turns it into roubles.
    priceTotal: 0,
    pricePerMeter: relative,
    realtyType: complex.realtyType,
    isApartHotel,
    renovation,
    deadline: house.deadline,
    stageIsPut: house.stageIsPut,
    status: statusRoll < 0.9 ? 'ACTIVE' : statusRoll < 0.94 ? 'RESERVED' : 'SOLD',
    publishedAt: asOf.getTime() - daysAgo * 86_400_000 - rnd.int(0, 86_399) * 1000,
  };
}

/**
 * Scales the relative prices of one city so each realty type averages its target ₽/m² inside the city;
 * the suburbs take the same scale, so they stay at their level below the city (the CSV's city row
 * does not include the region around it).
 */
function calibrate(apartments: Apartment[], from: number, city: CityInput): void {
  const suburbs = new Set(city.areas.filter((a) => a.isRegion).map((a) => a.id));
  for (const type of ['NEW', 'RESALE'] as const) {
    let sum = 0;
    let n = 0;
    for (let i = from; i < apartments.length; i++) {
      const a = apartments[i]!;
      if (a.realtyType === type && !suburbs.has(a.areaId)) {
        sum += a.pricePerMeter;
        n++;
      }
    }
    if (n === 0) continue;
    const scale = city.targetPricePerM2[type] / (sum / n);
    for (let i = from; i < apartments.length; i++) {
      const a = apartments[i]!;
      if (a.realtyType !== type) continue;
      a.priceTotal = Math.round((a.pricePerMeter * scale * a.areaTotal) / 10_000) * 10_000;
      a.pricePerMeter = Math.round(a.priceTotal / a.areaTotal);
    }
  }
}

function addPriceHistory(complexes: Complex[], out: Catalogue, city: CityInput, asOf: Date, rnd: Random): void {
  const perComplex = new Map<number, { sum: number; n: number }>();
  for (const a of out.apartments) {
    if (a.cityId !== city.kladr) continue;
    const acc = perComplex.get(a.complexId) ?? { sum: 0, n: 0 };
    acc.sum += a.pricePerMeter;
    acc.n++;
    perComplex.set(a.complexId, acc);
  }
  for (const complex of complexes) {
    const acc = perComplex.get(complex.id);
    if (!acc) continue;
    const current = acc.sum / acc.n;
    const growth = city.monthlyGrowth[complex.realtyType] + rnd.normal() * 0.002;
    for (let back = HISTORY_MONTHS - 1; back >= 0; back--) {
      const d = new Date(Date.UTC(asOf.getUTCFullYear(), asOf.getUTCMonth() - back, 1));
      const month = `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
      const noise = back === 0 ? 1 : Math.exp(rnd.normal() * 0.01);
      out.priceHistory.push({ complexId: complex.id, month, pricePerMeter: Math.round((current / (1 + growth) ** back) * noise) });
    }
  }
}
