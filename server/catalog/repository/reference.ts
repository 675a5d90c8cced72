import { SUPPORTED_KLADR, type AreaItem, type AreaList, type City, type MetroStation } from '@kvarta/contract';
import { AREA_GROUPS } from '@kvarta/contract/init';
import { asc, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../../core/database';
import { areas, cities, metroStations } from '../schema';

export async function listCities(db: Queryable): Promise<City[]> {
  const { lat, lng, ...cityColumns } = getTableColumns(cities);
  const supported: number[] = [...SUPPORTED_KLADR];
  const rows = await db.orm.select(cityColumns).from(cities).where(inArray(cities.kladr, supported));
  // In the order the product lists its cities.
  return rows.sort((a, b) => supported.indexOf(a.kladr) - supported.indexOf(b.kladr));
}

/** Districts grouped by direction, suburbs under region.none; each group sorted by name. */
export async function listAreas(db: Queryable, cityIds: number[]): Promise<AreaList> {
  const rows = await db.orm
    .select({ id: areas.id, name: areas.name, groupName: areas.groupName, isRegion: areas.isRegion, lat: areas.lat, lng: areas.lng })
    .from(areas)
    .where(inArray(areas.cityId, cityIds))
    .orderBy(asc(areas.name), asc(areas.id));
  const city = Object.fromEntries(AREA_GROUPS.map((g) => [g, [] as AreaItem[]])) as AreaList['city'];
  const region: AreaList['region'] = { none: [] };
  for (const r of rows) {
    const item = { id: r.id, name: r.name, latitude: r.lat, longitude: r.lng };
    if (r.isRegion) region.none.push(item);
    else city[(AREA_GROUPS as readonly string[]).includes(r.groupName) ? (r.groupName as keyof AreaList['city']) : 'none'].push(item);
  }
  return { city, region };
}

export async function listMetro(db: Queryable, cityIds: number[]): Promise<MetroStation[]> {
  // Station ids are numbered through each line in the reference file's order (seed-reference.ts), which is the order
  // along the line: a station's place on its line is its rank by id.
  return db.orm
    .select({
      id: metroStations.id,
      name: metroStations.name,
      color: metroStations.color,
      lineId: metroStations.lineId,
      lineName: metroStations.lineName,
      order:
        sql`(ROW_NUMBER() OVER (PARTITION BY ${metroStations.cityId}, ${metroStations.lineId} ORDER BY ${metroStations.id}) - 1)::int`.mapWith(
          Number,
        ),
      cityId: metroStations.cityId,
      latitude: metroStations.lat,
      longitude: metroStations.lng,
    })
    .from(metroStations)
    .where(inArray(metroStations.cityId, cityIds))
    .orderBy(asc(metroStations.name), asc(metroStations.id));
}
