import { leadDetailsOf, priceHistory } from './repository/apartments';
import { sellerTitle } from '@kvarta/contract/seller';
import type { ComplexBuilding, ComplexPage, ComplexRoomGroup, ComplexSeller } from '@kvarta/contract/complex-page';
import type { MetroRef } from '@kvarta/contract/catalog';
import type { Queryable } from '../core/database';
import type { Apartment, Complex, InfraPoint } from '../core/model';
import { complexInfrastructure, complexProperties } from './repository/complexes';
import type { CatalogueMemory } from './memory';
import { FEED_ID_BASE } from './schema';
import { listingSeller } from './seller';

const MAX_WALK_MINUTES = 45;

/** The complex's flats on sale (not sold), by room count: count, price and area ranges, the cheapest one. */
export function roomGroups(listings: readonly Apartment[]): ComplexRoomGroup[] {
  const groups = new Map<number, ComplexRoomGroup>();
  for (const a of listings) {
    const g = groups.get(a.roomsCnt);
    if (!g) {
      groups.set(a.roomsCnt, {
        roomsCnt: a.roomsCnt,
        count: 1,
        priceMin: a.priceTotal,
        priceMax: a.priceTotal,
        areaMin: a.areaTotal,
        areaMax: a.areaTotal,
        cheapestId: a.id,
      });
      continue;
    }
    g.count++;
    if (a.priceTotal < g.priceMin) {
      g.priceMin = a.priceTotal;
      g.cheapestId = a.id;
    }
    g.priceMax = Math.max(g.priceMax, a.priceTotal);
    g.areaMin = Math.min(g.areaMin, a.areaTotal);
    g.areaMax = Math.max(g.areaMax, a.areaTotal);
  }
  return [...groups.values()].sort((x, y) => x.roomsCnt - y.roomsCnt);
}

/**
 * Who sells the complex's flats: each flat's seller as its own page names it (`listingSeller`), counted by name — the
 * developer of a new build, the owners, the agencies of imported listings; never the operator, which sells none.
 */
async function sellers(db: Queryable, memory: CatalogueMemory, listings: readonly Apartment[]): Promise<ComplexSeller[]> {
  const feeds = await leadDetailsOf(
    db,
    listings.filter((a) => a.id >= FEED_ID_BASE).map((a) => a.id),
  );
  const byName = new Map<string, ComplexSeller>();
  for (const a of listings) {
    const seller = listingSeller(memory, a, feeds.get(a.id) ?? null);
    const name = sellerTitle(seller);
    const kind = seller?.category ?? null;
    const key = `${kind}|${name}`;
    const known = byName.get(key);
    if (known) known.count++;
    else byName.set(key, { name, kind, count: 1 });
  }
  return [...byName.values()].sort((x, y) => y.count - x.count || x.name.localeCompare(y.name, 'ru'));
}

/**
 * Everything known about one complex (a resale house is a complex of one building): what its listings on sale
 * add up to, its buildings with their deadlines, the developer, place and infrastructure, ₽/m² by month, sellers.
 */
export async function complexPage(db: Queryable, memory: CatalogueMemory, c: Complex, infra: InfraPoint[]): Promise<ComplexPage> {
  const all = memory.apartmentsOf(c.cityId).filter((a) => a.complexId === c.id);
  const onSale = all.filter((a) => a.status !== 'SOLD');
  const houses = [...memory.houses.values()].filter((h) => h.complexId === c.id).sort((x, y) => x.deadline - y.deadline || x.id - y.id);
  const saleByHouse = new Map<number, number>();
  for (const a of onSale) saleByHouse.set(a.houseId, (saleByHouse.get(a.houseId) ?? 0) + 1);
  const buildings: ComplexBuilding[] = houses.map((h) => ({
    id: h.id,
    name: h.name,
    address: h.address,
    floors: h.floors,
    deadline: h.deadline,
    stageIsPut: h.stageIsPut,
    onSale: saleByHouse.get(h.id) ?? 0,
  }));
  const metro: MetroRef[] = c.metro
    .filter((m) => m.minutes <= MAX_WALK_MINUTES)
    .flatMap((m) => {
      const s = memory.stations.get(m.stationId);
      return s ? [{ id: s.id, name: s.name, color: s.color, distanceM: m.distanceM, minutes: m.minutes }] : [];
    });
  return {
    id: c.id,
    cityId: c.cityId,
    name: c.name,
    realtyType: c.realtyType,
    complexClass: c.complexClass,
    developer: c.developerId ? (memory.developers.get(c.developerId)?.name ?? null) : null,
    areaName: memory.areas.get(c.areaId)?.name ?? '',
    address: houses[0]?.address ?? '',
    latitude: c.lat,
    longitude: c.lng,
    metro,
    properties: complexProperties(memory, c),
    onSale: onSale.length,
    rooms: roomGroups(onSale),
    buildings,
    infrastructure: complexInfrastructure(memory, infra, c).slice(0, 24),
    priceHistory: await priceHistory(db, c.id),
    sellers: await sellers(db, memory, onSale),
    // Feeds create their complexes from FEED_ID_BASE up; below it is the demo catalogue's own.
    isDemo: c.id < FEED_ID_BASE,
  };
}
