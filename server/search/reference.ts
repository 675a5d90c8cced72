import { SUPPORTED_KLADR } from '@kvarta/contract/cities';
import { areaId, stationIds } from '../catalog/reference';
import { readReferenceData } from '../catalog/reference-data';
import { areas as areasTable, cities as citiesTable, metroStations } from '../catalog/schema';
import type { Queryable } from '../core/database';
import { buildVocabulary, type Vocabulary, type VocabularyInput } from './vocabulary';

/**
 * The vocabulary from the reference tables (districts, suburbs, stations, cities with their prepositional forms):
 * read once per database handle, since nothing changes them while the server runs.
 */
const cache = new WeakMap<object, Promise<Vocabulary>>();

export function vocabularyOf(db: Queryable): Promise<Vocabulary> {
  let v = cache.get(db);
  if (!v) {
    v = loadVocabulary(db);
    cache.set(db, v);
    v.catch(() => cache.delete(db));
  }
  return v;
}

async function loadVocabulary(db: Queryable): Promise<Vocabulary> {
  const [cities, areas, metro] = await Promise.all([
    db.orm.select({ id: citiesTable.kladr, name: citiesTable.name, prepositional: citiesTable.prepositional }).from(citiesTable),
    db.orm.select({ id: areasTable.id, cityId: areasTable.cityId, name: areasTable.name }).from(areasTable),
    db.orm.select({ id: metroStations.id, cityId: metroStations.cityId, name: metroStations.name }).from(metroStations),
  ]);
  return buildVocabulary({ cities, areas, metro });
}

/** The same vocabulary straight from the reference files, with the ids seeding gives them: tests and the benchmark. */
export function vocabularyFromFiles(): { vocabulary: Vocabulary; input: VocabularyInput } {
  const data = readReferenceData();
  const supported = new Set<number>(SUPPORTED_KLADR);
  const input: VocabularyInput = { cities: [], areas: [], metro: [] };
  for (const c of data.cities.filter((x) => supported.has(x.kladr))) {
    input.cities.push({ id: c.kladr, name: c.name, prepositional: c.prepositional });
    [...c.districts, ...(c.region ?? [])].forEach((d, i) => input.areas.push({ id: areaId(c.kladr, i), cityId: c.kladr, name: d.name }));
  }
  for (const m of data.metro.filter((x) => supported.has(x.kladr))) {
    const ids = stationIds(m);
    for (const line of m.lines)
      for (const s of line.stations) input.metro.push({ id: ids.get(`${line.id}:${s.id}`)!, cityId: m.kladr, name: s.name });
  }
  return { vocabulary: buildVocabulary(input), input };
}
