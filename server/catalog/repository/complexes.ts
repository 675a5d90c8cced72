import { eq, getTableColumns } from 'drizzle-orm';
import { formatMeasure } from '@kvarta/contract/format';
import type { InfraPointItem } from '@kvarta/contract/catalog';
import { NEARBY_RADIUS_M } from '@kvarta/contract/nearby';
import { distanceM } from '../reference';
import type { Complex, InfraPoint } from '../../core/model';
import type { Queryable } from '../../core/database';
import type { CatalogueMemory } from '../memory';
import { FEED_ID_BASE, infrastructure } from '../schema';
import { HOUSE_TYPE_LABEL, yesNo } from '../house-facts';

const CLASS_LABEL: Record<Complex['complexClass'], string> = {
  ECONOMY: 'Эконом',
  COMFORT: 'Комфорт',
  BUSINESS: 'Бизнес',
  PREMIUM: 'Премиум',
};

/**
 * The complex card's parameters as label/value pairs, ready to show; a fact its source does not state is left out. A
 * complex made from feeds has no class of its own (the importer estimates it from prices): it shows its district and
 * developer; the house facts the feed gives are on the listing (catalog/listing-info.ts).
 */
export function complexProperties(memory: CatalogueMemory, c: Complex): Array<{ title: string; value: string }> {
  const developer = c.developerId ? memory.developers.get(c.developerId)?.name : null;
  if (c.id >= FEED_ID_BASE)
    return [
      { title: 'Район', value: memory.areas.get(c.areaId)?.name ?? '—' },
      ...(developer ? [{ title: 'Застройщик', value: developer }] : []),
    ];
  const rows: Array<{ title: string; value: string | null }> = [
    { title: 'Класс', value: CLASS_LABEL[c.complexClass] },
    { title: 'Тип дома', value: c.houseType ? HOUSE_TYPE_LABEL[c.houseType] : null },
    { title: 'Этажность', value: `до ${c.floorsMax}` },
    { title: 'Высота потолков', value: c.ceilingHeight !== null ? formatMeasure(c.ceilingHeight, 'м') : null },
    { title: 'Парковка', value: yesNo(c.parking, 'Есть', 'Нет') },
    { title: 'Закрытый двор', value: yesNo(c.closedYard, 'Да', 'Нет') },
    { title: 'Район', value: memory.areas.get(c.areaId)?.name ?? '—' },
    { title: 'Застройщик', value: developer ?? null },
  ];
  return rows.filter((row): row is { title: string; value: string } => row.value !== null);
}

/** At most this many of a kind within 1.5 km (~7 km²): about what a dense district of these cities has. */
const NEARBY_CAP: Record<InfraPoint['kind'], number> = { SCHOOL: 6, KINDERGARTEN: 8, PARK: 3, SHOP: 10, CLINIC: 2 };

/** Schools, kindergartens, parks, shops, clinics within 1.5 km and the nearest metro stations, closest first. */
export function complexInfrastructure(memory: CatalogueMemory, points: InfraPoint[], c: Complex): InfraPointItem[] {
  const shown: Record<InfraPoint['kind'], number> = { SCHOOL: 0, KINDERGARTEN: 0, PARK: 0, SHOP: 0, CLINIC: 0 };
  const near = points
    .map((p) => ({ p, d: Math.round(distanceM(c.lat, c.lng, p.lat, p.lng)) }))
    .filter(({ d }) => d <= NEARBY_RADIUS_M)
    .sort((a, b) => a.d - b.d)
    // The nearest few of each kind: the demo catalogue's points pile up where its complexes do (44 schools within
    // 1.5 km), which no real district has.
    .filter(({ p }) => ++shown[p.kind] <= NEARBY_CAP[p.kind])
    .map(({ p, d }) => ({ id: p.id, kind: p.kind, name: p.name, latitude: p.lat, longitude: p.lng, distanceM: d }));
  const metro = c.metro.flatMap((m) => {
    const s = memory.stations.get(m.stationId);
    return s ? [{ id: s.id, kind: 'METRO' as const, name: `м. ${s.name}`, latitude: s.lat, longitude: s.lng, distanceM: m.distanceM }] : [];
  });
  return [...metro, ...near].sort((a, b) => a.distanceM - b.distanceM);
}

export async function loadInfrastructure(db: Queryable, cityId: number): Promise<InfraPoint[]> {
  return db.orm.select(getTableColumns(infrastructure)).from(infrastructure).where(eq(infrastructure.cityId, cityId));
}
