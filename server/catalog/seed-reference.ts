import { SUPPORTED_KLADR } from '@kvarta/contract/cities';
import type { Queryable } from '../core/database';
import { areaId, stationIds } from './reference';
import { readReferenceData } from './reference-data';

const SUPPORTED = new Set<number>(SUPPORTED_KLADR);

/** Upserts cities, areas and metro stations from the project's reference data (ids are stable). */
export async function seedReference(db: Queryable): Promise<void> {
  const { cities, metro } = readReferenceData();
  for (const city of cities.filter((c) => SUPPORTED.has(c.kladr))) {
    await db.query(
      `INSERT INTO cities (id, name, kladr, has_metro, city_ids, title, link, prepositional, lat, lng)
       VALUES ($1, $2, $1, $3, $4::jsonb, $2, $5, $6, $7, $8)
       ON CONFLICT (id) DO UPDATE SET name = excluded.name, has_metro = excluded.has_metro, city_ids = excluded.city_ids,
         title = excluded.title, link = excluded.link, prepositional = excluded.prepositional, lat = excluded.lat, lng = excluded.lng`,
      [city.kladr, city.name, city.hasMetro, JSON.stringify([city.kladr]), city.link, city.prepositional, city.centre[0], city.centre[1]],
    );
    const all = [...city.districts.map((d) => ({ ...d, isRegion: false })), ...(city.region ?? []).map((d) => ({ ...d, isRegion: true }))];
    await db.query(
      `INSERT INTO areas (id, city_id, name, group_name, is_region, lat, lng)
       SELECT * FROM unnest($1::int[], $2::int[], $3::text[], $4::text[], $5::bool[], $6::float8[], $7::float8[])
       ON CONFLICT (id) DO UPDATE SET name = excluded.name, group_name = excluded.group_name, is_region = excluded.is_region,
         lat = excluded.lat, lng = excluded.lng`,
      [
        all.map((_, i) => areaId(city.kladr, i)),
        all.map(() => city.kladr),
        all.map((d) => d.name),
        all.map((d) => (d.isRegion ? 'none' : d.group)),
        all.map((d) => d.isRegion),
        all.map((d) => d.lat),
        all.map((d) => d.lng),
      ],
    );
  }
  for (const city of metro.filter((m) => SUPPORTED.has(m.kladr))) {
    const ids = stationIds(city);
    const rows = city.lines.flatMap((line) =>
      line.stations.map((s) => ({ ...s, lineId: line.id, lineName: line.name, color: `#${line.hexColor}` })),
    );
    await db.query(
      `INSERT INTO metro_stations (id, city_id, name, color, line_id, line_name, lat, lng)
       SELECT * FROM unnest($1::int[], $2::int[], $3::text[], $4::text[], $5::text[], $6::text[], $7::float8[], $8::float8[])
       ON CONFLICT (id) DO UPDATE SET name = excluded.name, color = excluded.color, line_name = excluded.line_name, lat = excluded.lat, lng = excluded.lng`,
      [
        rows.map((s) => ids.get(`${s.lineId}:${s.id}`)!),
        rows.map(() => city.kladr),
        rows.map((s) => s.name),
        rows.map((s) => s.color.toUpperCase()),
        rows.map((s) => s.lineId),
        rows.map((s) => s.lineName),
        rows.map((s) => s.lat),
        rows.map((s) => s.lng),
      ],
    );
  }
}
