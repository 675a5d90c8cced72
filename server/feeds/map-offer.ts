import { createHash } from 'node:crypto';
import { distanceM } from '../catalog/reference';
import type {
  Apartment,
  ComplexClass,
  HouseType,
  MetroDistance,
  RealtyType,
  Renovation,
  SellerCategory,
  FeedDetails,
  FeedSeller,
} from '../core/model';
import { nearest, normalizeName, suburbNamed, type CityPlaces, type Place } from './geography';
import { children, ownText, textAt, type XmlElement } from './yrl/reader';

/**
 * One sale offer of a flat, mapped onto our catalogue's terms: the listing's own fields as the catalogue keeps them
 * (rooms 0 for a studio, 4 for four and more; kitchen and living area 0 when the feed does not say; deadline 0 for a
 * resale house of unknown age), where it is, and what its complex, house, photos and advert are.
 */
export interface FeedOffer extends Pick<
  Apartment,
  | 'cityId'
  | 'areaId'
  | 'realtyType'
  | 'roomsCnt'
  | 'areaTotal'
  | 'areaKitchen'
  | 'areaResidential'
  | 'floor'
  | 'floors'
  | 'priceTotal'
  | 'pricePerMeter'
  | 'renovation'
  | 'isApartHotel'
  | 'deadline'
  | 'stageIsPut'
  | 'publishedAt'
> {
  internalId: string;
  lat: number;
  lng: number;
  centreDistanceM: number;
  metro: MetroDistance[];
  complex: {
    key: string;
    name: string;
    complexClass: ComplexClass;
    houseType: HouseType | null;
    ceilingHeight: number | null;
    parking: boolean | null;
    closedYard: boolean | null;
    developer: string | null;
  };
  house: { key: string; name: string; address: string };
  images: Array<{ url: string; tag: string | null }>;
  advert: { url: string | null; agent: string | null; description: string | null };
  /** What the feed says about the seller, the listing and the house, kept as given (absent stays null). */
  details: FeedDetails;
  /** The flat's cadastral number, where the feed gives a well-formed one (absent, not null: older offers hash the same). */
  cadastralNumber?: string;
}

export type MappedOffer =
  | { kind: 'offer'; offer: FeedOffer; hash: string }
  | { kind: 'skipped'; reason: string }
  | { kind: 'rejected'; internalId: string | null; element: string; reason: string };

/** A reason to refuse an offer, naming the element at fault. */
class Rejection extends Error {
  constructor(
    readonly element: string,
    reason: string,
  ) {
    super(reason);
  }
}

class Skip extends Error {}

const MAX_IMAGES = 20;
/** Coordinates farther than this from the city's centre do not belong to it: the feed is inconsistent. */
const MAX_CITY_RADIUS_M = 90_000;
const TRUE = new Set(['да', 'true', '1', 'yes', '+']);

const FALSE = new Set(['нет', 'false', '0', 'no', '-']);

/** Yes, no, or null where the feed says neither. */
function tristate(offer: XmlElement, path: string): boolean | null {
  const text = textAt(offer, path)?.toLowerCase();
  if (text === undefined) return null;
  return TRUE.has(text) ? true : FALSE.has(text) ? false : null;
}
const flag = (offer: XmlElement, path: string) => tristate(offer, path) === true;

const shortText = (offer: XmlElement, path: string, max = 200) => textAt(offer, path)?.slice(0, max) ?? null;

/** «кв. 48», «квартира 52», «apt. 3» at the end of an address: the flat, not the building. */
const FLAT_IN_ADDRESS = /[,\s]*(кв\.?|квартира|apt\.?|apartment)\s*№?\s*\d+[а-яa-z]?\s*$/i;

/** The building's address: the feed's address without the flat number some agencies append to it. */
export function buildingAddress(address: string): string {
  return address.replace(FLAT_IN_ADDRESS, '').trim() || address;
}

const SELLER_CATEGORIES: Array<[RegExp, SellerCategory]> = [
  [/developer|застройщик/i, 'DEVELOPER'],
  [/agency|агентство|агент/i, 'AGENCY'],
  [/owner|владелец|собственник/i, 'OWNER'],
];

function sellerOf(offer: XmlElement): FeedSeller | null {
  const agent = offer.first['sales-agent'];
  if (!agent) return null;
  const category = textAt(agent, 'category');
  const phone = textAt(agent, 'phone');
  const email = textAt(agent, 'email');
  const seller: FeedSeller = {
    name: shortText(agent, 'name'),
    organization: shortText(agent, 'organization'),
    category: category ? (SELLER_CATEGORIES.find(([pattern]) => pattern.test(category))?.[1] ?? null) : null,
    // Only what a tel: link can dial: digits with an optional leading plus, 5–20 of them.
    phone: phone && /^\+?[\d\s()-]{5,30}$/.test(phone) ? phone.replace(/[^\d+]/g, '') : null,
    email: email && email.length <= 200 && /^[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>"]+$/.test(email) ? email : null,
    url: httpUrl(withScheme(textAt(agent, 'url'))),
    photo: httpUrl(textAt(agent, 'photo')),
  };
  return Object.values(seller).some((v) => v !== null) ? seller : null;
}

/** 'www.site.ru' (feeds often leave the scheme out) → 'http://www.site.ru'. */
function withScheme(text: string | undefined): string | undefined {
  if (!text) return text;
  return /^[a-z][a-z0-9+.-]*:/i.test(text) ? text : /^[\w-]+(\.[\w-]+)+(\/|$)/.test(text) ? `http://${text}` : text;
}

/** «78:14:0007603:3422»: district, area, quarter and the flat's own number, colon-separated. */
const CADASTRAL = /^\d{2}:\d{2}:\d{6,7}:\d{1,10}$/;

/** The feed's cadastral number with spaces dropped, or undefined when it is absent or not one. */
function cadastralOf(offer: XmlElement): string | undefined {
  const text = textAt(offer, 'cadastral-number')?.replace(/\s+/g, '');
  return text && CADASTRAL.test(text) ? text : undefined;
}

function isoAt(offer: XmlElement, path: string): string | null {
  const time = dateAt(offer, path);
  return time === undefined ? null : new Date(time).toISOString();
}

/** '12 500 000', '54,2', '54.2' → a number; anything else is refused with the element's name. */
function numberAt(offer: XmlElement, path: string, required: true): number;
function numberAt(offer: XmlElement, path: string, required?: false): number | undefined;
function numberAt(offer: XmlElement, path: string, required = false): number | undefined {
  const text = textAt(offer, path);
  if (text === undefined) {
    if (required) throw new Rejection(path.split('/')[0]!, 'нет значения');
    return undefined;
  }
  // Most feeds write plain numbers; spaces and a decimal comma ('12 500 000', '54,2') take the slow path.
  let value = Number(text);
  if (Number.isNaN(value)) value = Number(text.replace(/[\s\u00a0]/g, '').replace(',', '.'));
  if (!Number.isFinite(value)) throw new Rejection(path.split('/')[0]!, 'не число');
  return value;
}

function within(value: number, min: number, max: number, element: string): number {
  if (value < min || value > max) throw new Rejection(element, `${value} вне допустимого (${min}…${max})`);
  return value;
}

function integerAt(offer: XmlElement, path: string, min: number, max: number): number | undefined {
  const value = numberAt(offer, path);
  if (value === undefined) return undefined;
  if (!Number.isInteger(value)) throw new Rejection(path.split('/')[0]!, 'не целое число');
  return within(value, min, max, path.split('/')[0]!);
}

const round1 = (x: number) => Math.round(x * 10) / 10;

interface Located {
  city: CityPlaces;
  area: Place;
  lat: number;
  lng: number;
  hasCoordinates: boolean;
}

function findCity(
  geography: Map<number, CityPlaces>,
  locality: string,
  region: string,
): { city: CityPlaces; suburb: Place | null; regionOnly: boolean } | null {
  for (const city of geography.values()) if (city.aliases.includes(locality)) return { city, suburb: null, regionOnly: false };
  if (locality)
    for (const city of geography.values()) {
      const suburb = suburbNamed(city, locality);
      if (suburb) return { city, suburb, regionOnly: false };
    }
  for (const city of geography.values()) {
    // «Ленинградская область» with a locality we do not know: ours only if the coordinates are near.
    if (region === city.region || (!locality && city.aliases.includes(region))) return { city, suburb: null, regionOnly: true };
  }
  return null;
}

function locate(offer: XmlElement, geography: Map<number, CityPlaces>): Located {
  const locality = normalizeName(textAt(offer, 'location/locality-name') ?? '');
  const region = normalizeName(textAt(offer, 'location/region') ?? '');
  const found = findCity(geography, locality, region);
  if (!found) throw new Skip('city: не наш город');
  const { city } = found;
  const latitude = numberAt(offer, 'location/latitude');
  const longitude = numberAt(offer, 'location/longitude');
  const hasCoordinates = latitude !== undefined && longitude !== undefined;
  if (hasCoordinates) {
    within(latitude, -90, 90, 'location');
    within(longitude, -180, 180, 'location');
    const km = distanceM(latitude, longitude, city.centre[0], city.centre[1]);
    if (km > MAX_CITY_RADIUS_M) {
      if (found.regionOnly) throw new Skip('city: не наш город');
      throw new Rejection('location', `координаты в ${Math.round(km / 1000)} км от города ${city.name}`);
    }
  }
  const subLocality = normalizeName(textAt(offer, 'location/sub-locality-name') ?? '');
  const district =
    found.suburb ??
    (subLocality ? (city.districts.find((d) => d.key === subLocality) ?? city.suburbs.find((s) => s.key === subLocality)) : undefined) ??
    (hasCoordinates ? nearest(found.regionOnly ? city.suburbs : city.districts, latitude, longitude)?.place : undefined);
  if (district)
    return {
      city,
      area: district,
      lat: hasCoordinates ? latitude : district.lat,
      lng: hasCoordinates ? longitude : district.lng,
      hasCoordinates,
    };
  // Neither coordinates nor a district, but a station we know (Yandex's own example feed writes only that): the flat is
  // placed at the station, in the district nearest to it.
  const station = !hasCoordinates && !found.regionOnly ? stationNamed(offer, city) : undefined;
  const near = station ? nearest(city.districts, station.lat, station.lng)?.place : undefined;
  if (!station || !near) throw new Rejection('location', 'нет координат и район не известен');
  return { city, area: near, lat: station.lat, lng: station.lng, hasCoordinates: false };
}

function stationNamed(offer: XmlElement, city: CityPlaces): Place | undefined {
  for (const metro of children(child0(offer, 'location'), 'metro')) {
    const key = normalizeName(textAt(metro, 'name') ?? '');
    const station = city.stations.find((s) => s.key === key);
    if (station) return station;
  }
  return undefined;
}

const walkMinutes = (metres: number) => Math.max(1, Math.round(((metres * 1.3) / 5000) * 60));

/** The feed's stations matched by name; unknown names are dropped, and without any the nearest ones by coordinates. */
function metroOf(offer: XmlElement, where: Located): MetroDistance[] {
  const byName: MetroDistance[] = [];
  for (const metro of children(child0(offer, 'location'), 'metro')) {
    const key = normalizeName(textAt(metro, 'name') ?? '');
    const candidates = where.city.stations.filter((s) => s.key === key);
    if (candidates.length === 0) continue;
    const station = nearest(candidates, where.lat, where.lng)!.place;
    // With coordinates the distance is measured, not taken on trust; without them the feed's minutes on foot say it.
    const onFoot = integerAt(metro, 'time-on-foot', 0, 600);
    const metres = where.hasCoordinates
      ? Math.round(distanceM(where.lat, where.lng, station.lat, station.lng))
      : Math.round(((onFoot ?? 15) * 5000) / 60 / 1.3);
    if (!byName.some((m) => m.stationId === station.id))
      byName.push({
        stationId: station.id,
        distanceM: metres,
        minutes: where.hasCoordinates ? walkMinutes(metres) : (onFoot ?? walkMinutes(metres)),
      });
  }
  if (byName.length > 0 || !where.hasCoordinates) return byName.sort((a, b) => a.distanceM - b.distanceM);
  return where.city.stations
    .map((s) => ({ stationId: s.id, distanceM: Math.round(distanceM(where.lat, where.lng, s.lat, s.lng)) }))
    .sort((a, b) => a.distanceM - b.distanceM)
    .slice(0, 3)
    .filter((m, i) => i === 0 || m.distanceM < 3000)
    .map((m) => ({ ...m, minutes: walkMinutes(m.distanceM) }));
}

const child0 = (offer: XmlElement, name: string): XmlElement =>
  offer.first[name] ?? { name, attributes: {}, text: '', children: [], first: {} };

const RENOVATION_NONE = ['требует ремонта', 'черновая', 'без отделки', 'предчистовая', 'white box', 'нет', 'без ремонта'];

/** Stated finishing, or null where the feed says nothing: an unknown is never read as either. */
function renovationOf(offer: XmlElement): Renovation | null {
  const text = textAt(offer, 'renovation')?.toLowerCase();
  if (!text) return null;
  return RENOVATION_NONE.some((word) => text.includes(word)) ? 'UNRENOVATED' : 'FULLY_RENOVATED';
}

const HOUSE_TYPES: Array<[RegExp, HouseType]> = [
  [/кирпично.?монолит|монолитно.?кирпич|monolit.?brick|brick.?monolit/i, 'MONOLITH_BRICK'],
  [/монолит|monolit/i, 'MONOLITH'],
  [/кирпич|brick/i, 'BRICK'],
  [/панел|panel/i, 'PANEL'],
  [/блоч|block/i, 'BLOCK'],
];

function quarterNow(now: Date): number {
  return now.getUTCFullYear() * 10 + Math.floor(now.getUTCMonth() / 3) + 1;
}

/** Class by the asking ₽/m² against the city's average for that kind of flat: the feed has no class of its own. */
function classOf(pricePerMeter: number, average: number): ComplexClass {
  const ratio = pricePerMeter / average;
  return ratio < 0.85 ? 'ECONOMY' : ratio < 1.3 ? 'COMFORT' : ratio < 2 ? 'BUSINESS' : 'PREMIUM';
}

function httpUrl(text: string | undefined): string | null {
  if (!text || text.length > 2_000) return null;
  try {
    const url = new URL(text);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

function dateAt(offer: XmlElement, path: string): number | undefined {
  const text = textAt(offer, path);
  if (text === undefined) return undefined;
  const time = Date.parse(text);
  if (Number.isNaN(time)) throw new Rejection(path, 'не дата');
  return time;
}

function mapValid(offer: XmlElement, internalId: string, geography: Map<number, CityPlaces>, now: Date): FeedOffer {
  const type = textAt(offer, 'type')?.toLowerCase();
  if (!type) throw new Rejection('type', 'нет значения');
  if (type !== 'продажа' && type !== 'sale') throw new Skip('type: не продажа');
  const propertyType = textAt(offer, 'property-type')?.toLowerCase();
  if (propertyType && propertyType !== 'жилая' && propertyType !== 'living') throw new Skip('property-type: не жилая');
  const category = textAt(offer, 'category')?.toLowerCase();
  if (category !== 'квартира' && category !== 'flat') throw new Skip('category: не квартира');
  const where = locate(offer, geography);
  const address = textAt(offer, 'location/address');
  if (!address) throw new Rejection('location', 'нет адреса');
  const building = buildingAddress(address);

  const areaTotal = round1(within(numberAt(offer, 'area/value', true), 8, 2_000, 'area'));
  const currency = (textAt(offer, 'price/currency') ?? 'RUB').toUpperCase();
  if (currency !== 'RUB' && currency !== 'RUR') throw new Rejection('price', `валюта ${currency} не поддерживается`);
  const priceValue = numberAt(offer, 'price/value', true);
  const perMeter = /кв|sq/i.test(textAt(offer, 'price/unit') ?? '');
  const priceTotal = Math.round(within(perMeter ? priceValue * areaTotal : priceValue, 300_000, 5_000_000_000, 'price'));

  const studio = flag(offer, 'studio');
  const rooms = studio ? 0 : integerAt(offer, 'rooms', 1, 50);
  if (rooms === undefined) throw new Rejection('rooms', 'нет значения');
  const floors = integerAt(offer, 'floors-total', 1, 200);
  if (floors === undefined) throw new Rejection('floors-total', 'нет значения');
  const floor = integerAt(offer, 'floor', -3, 200);
  if (floor === undefined) throw new Rejection('floor', 'нет значения');
  if (floor > floors) throw new Rejection('floor', `этаж ${floor} выше этажности ${floors}`);
  const kitchen = numberAt(offer, 'kitchen-space/value');
  const living = numberAt(offer, 'living-space/value');
  if (kitchen !== undefined) within(kitchen, 0, areaTotal, 'kitchen-space');
  if (living !== undefined) within(living, 0, areaTotal, 'living-space');

  const buildingState = textAt(offer, 'building-state')?.toLowerCase();
  const realtyType: RealtyType = flag(offer, 'new-flat') || buildingState === 'unfinished' ? 'NEW' : 'RESALE';
  const builtYear = integerAt(offer, 'built-year', 1700, 2100);
  const readyQuarter = integerAt(offer, 'ready-quarter', 1, 4);
  let deadline = builtYear ? builtYear * 10 + (readyQuarter ?? 4) : 0;
  let stageIsPut = true;
  if (realtyType === 'NEW') {
    const handedOver = buildingState === 'hand-over' || buildingState === 'built';
    if (!deadline && !handedOver) throw new Rejection('built-year', 'у новостройки нет срока сдачи');
    deadline ||= quarterNow(now);
    stageIsPut = handedOver || (buildingState !== 'unfinished' && deadline < quarterNow(now));
  }

  const pricePerMeter = Math.round(priceTotal / areaTotal);
  const buildingId = textAt(offer, 'yandex-building-id') ?? textAt(offer, 'yandex-house-id');
  const buildingName = textAt(offer, 'building-name');
  const section = textAt(offer, 'building-section');
  const complexKey = buildingId
    ? `ybid:${buildingId}`
    : buildingName
      ? `name:${where.city.kladr}:${normalizeName(buildingName)}`
      : `addr:${where.city.kladr}:${normalizeName(building)}`;
  const agentCategory = textAt(offer, 'sales-agent/category')?.toLowerCase();
  const organization = textAt(offer, 'sales-agent/organization');
  const buildingType = textAt(offer, 'building-type') ?? '';
  const ceiling = numberAt(offer, 'ceiling-height');
  const description = textAt(offer, 'description');
  const cadastralNumber = cadastralOf(offer);
  const details: FeedDetails = {
    seller: sellerOf(offer),
    createdAt: isoAt(offer, 'creation-date'),
    updatedAt: isoAt(offer, 'last-update-date'),
    facts: {
      builtYear: builtYear ?? null,
      buildingSeries: shortText(offer, 'building-series'),
      buildingType: buildingType ? buildingType.slice(0, 100) : null,
      floorsTotal: floors,
      lift: tristate(offer, 'lift'),
      ceilingHeight: ceiling !== undefined && ceiling >= 2.2 && ceiling <= 6 ? Math.round(ceiling * 100) / 100 : null,
      parking: tristate(offer, 'parking'),
      buildingState: shortText(offer, 'building-state', 40),
      readyQuarter: readyQuarter ?? null,
      dealStatus: shortText(offer, 'deal-status', 100),
      mortgage: tristate(offer, 'mortgage'),
      renovation: shortText(offer, 'renovation', 100),
    },
  };
  return {
    internalId,
    cityId: where.city.kladr,
    areaId: where.area.id,
    lat: where.lat,
    lng: where.lng,
    centreDistanceM: Math.round(distanceM(where.lat, where.lng, where.city.centre[0], where.city.centre[1])),
    metro: metroOf(offer, where),
    realtyType,
    roomsCnt: Math.min(rooms, 4),
    areaTotal,
    areaKitchen: kitchen !== undefined ? round1(kitchen) : 0,
    areaResidential: living !== undefined ? round1(living) : 0,
    floor,
    floors,
    priceTotal,
    pricePerMeter,
    renovation: renovationOf(offer),
    isApartHotel: flag(offer, 'apartments'),
    deadline,
    stageIsPut,
    publishedAt: dateAt(offer, 'creation-date') ?? dateAt(offer, 'last-update-date') ?? now.getTime(),
    complex: {
      key: complexKey,
      name: buildingName ? (/^(жк|жилой комплекс)\b/i.test(buildingName) ? buildingName : `ЖК «${buildingName}»`) : `Дом на ${building}`,
      complexClass: classOf(pricePerMeter, where.city.level[realtyType]),
      // What the feed does not state stays unknown (null): no type, height, parking or yard is made up.
      houseType: HOUSE_TYPES.find(([pattern]) => pattern.test(buildingType))?.[1] ?? null,
      ceilingHeight: details.facts.ceilingHeight,
      parking: details.facts.parking,
      closedYard: tristate(offer, 'guarded-building'),
      developer: realtyType === 'NEW' && organization && /developer|застройщик/.test(agentCategory ?? '') ? organization : null,
    },
    house: {
      key: `${complexKey}|${normalizeName(section ?? building)}`,
      name: section ? (/корпус|секция|дом|литер/i.test(section) ? section : `Корпус ${section}`) : 'Дом',
      address: building,
    },
    images: children(offer, 'image')
      .map((image) => ({ url: httpUrl(image.text.trim()), tag: image.attributes.tag ? ownText(image.attributes.tag.slice(0, 40)) : null }))
      .filter((image): image is { url: string; tag: string | null } => image.url !== null)
      .slice(0, MAX_IMAGES),
    advert: {
      url: httpUrl(textAt(offer, 'url')),
      agent: (organization ?? textAt(offer, 'sales-agent/name'))?.slice(0, 200) ?? null,
      description: description?.slice(0, 4_000) ?? null,
    },
    details,
    ...(cadastralNumber ? { cadastralNumber } : {}),
  };
}

/** Maps one `<offer>`: a flat for sale in one of our cities, something we skip, or something wrong with it. */
export function mapOffer(offer: XmlElement, geography: Map<number, CityPlaces>, now: Date): MappedOffer {
  // Copied (see ownText): the import keeps every id it has seen.
  const internalId = ownText(offer.attributes['internal-id']?.trim() ?? '');
  if (!internalId || internalId.length > 200) return { kind: 'rejected', internalId: null, element: 'internal-id', reason: 'нет атрибута' };
  try {
    const mapped = mapValid(offer, internalId, geography, now);
    // The publication date alone is not a change worth rewriting the listing for.
    const hash = createHash('sha1')
      .update(JSON.stringify({ ...mapped, publishedAt: 0 }))
      .digest('base64url');
    return { kind: 'offer', offer: mapped, hash };
  } catch (error) {
    if (error instanceof Skip) return { kind: 'skipped', reason: error.message };
    if (error instanceof Rejection) return { kind: 'rejected', internalId, element: error.element, reason: error.message };
    throw error;
  }
}
