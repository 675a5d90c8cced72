import { areaId, distanceM, stationIds, type CityPriceLevel } from '../catalog/reference';
import { cityInputs, readReferenceData } from '../catalog/reference-data';

export interface Place {
  id: number;
  name: string;
  /** normalizeName(name). */
  key: string;
  lat: number;
  lng: number;
}

export interface CityPlaces {
  kladr: number;
  name: string;
  centre: [number, number];
  /** Normalised names a feed writes for the city itself. */
  aliases: string[];
  /** The region around it (a suburb offer names it as region). */
  region: string;
  districts: Place[];
  suburbs: Place[];
  stations: Place[];
  level: CityPriceLevel['targetPricePerM2'];
}

/** How a feed spells our five cities and their regions (after normalizeName). */
const NAMES: Record<number, { aliases: string[]; region: string }> = {
  78: { aliases: ['санкт петербург', 'спб', 'петербург', 'с петербург'], region: 'ленинградская область' },
  77: { aliases: ['москва', 'мск'], region: 'московская область' },
  161: { aliases: ['ростов на дону', 'ростов'], region: 'ростовская область' },
  541: { aliases: ['новосибирск'], region: 'новосибирская область' },
  661: { aliases: ['екатеринбург'], region: 'свердловская область' },
};

/** Words that decorate a place name without naming it: «г.», «район», «м.», «пос.». */
const NOISE = new Set([
  'г',
  'город',
  'район',
  'р',
  'н',
  'рн',
  'округ',
  'мо',
  'пос',
  'поселок',
  'посёлок',
  'м',
  'метро',
  'станция',
  'ст',
  'мкр',
  'микрорайон',
  'обл',
]);

/** 'Г. Санкт-Петербург' → 'санкт петербург'; 'Приморский р-н' → 'приморский'; 'м. Пионерская' → 'пионерская'. */
export function normalizeName(name: string): string {
  let key = normalized.get(name);
  if (key === undefined) {
    // Feeds repeat the same few localities, regions and stations: each is normalised once.
    if (normalized.size > 50_000) normalized.clear();
    key = normalizeUncached(name);
    normalized.set(name, key);
  }
  return key;
}

const normalized = new Map<string, string>();

function normalizeUncached(name: string): string {
  return name
    .toLowerCase()
    .replace(/ё/g, 'е')
    .replace(/[^a-zа-я0-9]+/g, ' ')
    .split(' ')
    .filter((word) => word && !NOISE.has(word))
    .join(' ');
}

/** Our cities, districts, suburbs and stations with the names a feed is matched against. */
export function buildGeography(asOf: Date): Map<number, CityPlaces> {
  const data = readReferenceData();
  const { levels } = cityInputs(asOf);
  const out = new Map<number, CityPlaces>();
  for (const city of data.cities) {
    const place = (name: string, lat: number, lng: number, id: number): Place => ({ id, name, key: normalizeName(name), lat, lng });
    const metro = data.metro.find((m) => m.kladr === city.kladr);
    const ids = metro ? stationIds(metro) : new Map<string, number>();
    const names = NAMES[city.kladr] ?? { aliases: [normalizeName(city.name)], region: '' };
    out.set(city.kladr, {
      kladr: city.kladr,
      name: city.name,
      centre: city.centre,
      aliases: [...new Set([normalizeName(city.name), ...names.aliases])],
      region: names.region,
      districts: city.districts.map((d, i) => place(d.name, d.lat, d.lng, areaId(city.kladr, i))),
      suburbs: (city.region ?? []).map((d, i) => place(d.name, d.lat, d.lng, areaId(city.kladr, city.districts.length + i))),
      stations: (metro?.lines ?? []).flatMap((line) =>
        line.stations.map((s) => place(s.name, s.lat, s.lng, ids.get(`${line.id}:${s.id}`)!)),
      ),
      level: levels.get(city.kladr)?.targetPricePerM2 ?? { NEW: 200_000, RESALE: 180_000 },
    });
  }
  return out;
}

export function nearest(places: Place[], lat: number, lng: number): { place: Place; distanceM: number } | null {
  let best: { place: Place; distanceM: number } | null = null;
  for (const place of places) {
    const d = distanceM(lat, lng, place.lat, place.lng);
    if (!best || d < best.distanceM) best = { place, distanceM: d };
  }
  return best;
}

/** A suburb named by the locality: «Мурино» is «Всеволожский район (Мурино)», «Красногорск» is itself. */
export function suburbNamed(city: CityPlaces, locality: string): Place | undefined {
  const words = ` ${locality} `;
  return city.suburbs.find((s) => s.key === locality || ` ${s.key} `.includes(words));
}
