import type { AnalyticsDetailRow, AnalyticsRequest } from '@kvarta/contract/catalog';
import type { Apartment } from '../core/model';
import { marketPricePerMeter, marketTrend, type TrendPoint } from './market';
import type { CatalogueMemory } from './memory';

/** Active listings that pass the analytics filters (spec §3 "Analytics request"). */
export function filterForAnalytics(memory: CatalogueMemory, request: AnalyticsRequest): Apartment[] {
  const areas = request.areaIds?.length ? new Set(request.areaIds) : null;
  const metros = request.metroIds?.length ? new Set(request.metroIds) : null;
  const rooms = request.roomsCntForFilter?.length ? new Set(request.roomsCntForFilter) : null;
  const from = request.priceTotalMinFrom ?? 0;
  const to = request.priceTotalMinTo ?? Infinity;
  const out: Apartment[] = [];
  for (const cityId of request.cityIds) {
    for (const a of memory.apartmentsOf(cityId)) {
      if (a.status !== 'ACTIVE' || a.priceTotal < from || a.priceTotal > to) continue;
      if (rooms && !rooms.has(Math.min(4, a.roomsCnt))) continue;
      const inArea = areas?.has(a.areaId) ?? false;
      const nearMetro = metros ? memory.complexes.get(a.complexId)!.metro.some((m) => metros.has(m.stationId)) : false;
      if ((areas || metros) && !inArea && !nearMetro) continue;
      out.push(a);
    }
  }
  return out;
}

const mean = (xs: number[]) => (xs.length ? Math.round(xs.reduce((s, x) => s + x, 0) / xs.length) : 0);

/**
 * The charts of the analytics screen, each `{type, …}` (spec §7 SELECTION_ANALYTICS). Every ₽/m² figure is
 * `marketPricePerMeter` of its listings, and the dynamics are the same listings' `marketTrend`, so the
 * summary equals the trend's last point. `histories`: the listings' complexes' monthly ₽/m², oldest first.
 */
export function statistics(memory: CatalogueMemory, listings: Apartment[], histories: ReadonlyMap<number, readonly TrendPoint[]>) {
  const byRooms = [0, 1, 2, 3, 4].map((roomsCnt) => {
    const own = listings.filter((a) => Math.min(4, a.roomsCnt) === roomsCnt);
    return {
      roomsCnt,
      count: own.length,
      avgPrice: mean(own.map((a) => a.priceTotal)),
      avgPricePerMeter: marketPricePerMeter(own),
    };
  });
  const byArea = new Map<number, Apartment[]>();
  for (const a of listings) byArea.set(a.areaId, [...(byArea.get(a.areaId) ?? []), a]);
  const areas = [...byArea.entries()]
    .map(([areaId, own]) => ({
      areaId,
      areaName: memory.areas.get(areaId)?.name ?? '',
      count: own.length,
      avgPricePerMeter: marketPricePerMeter(own),
    }))
    .sort((a, b) => b.avgPricePerMeter - a.avgPricePerMeter);
  return [
    { type: 'PRICE_BY_ROOMS' as const, items: byRooms },
    {
      type: 'SHARE_BY_ROOMS' as const,
      items: byRooms.map(({ roomsCnt, count }) => ({ roomsCnt, count, share: listings.length ? count / listings.length : 0 })),
    },
    { type: 'PRICE_PER_METER_BY_AREA' as const, items: areas },
    { type: 'PRICE_DYNAMICS' as const, items: marketTrend(listings, histories) },
    {
      type: 'SUMMARY' as const,
      items: [
        {
          count: listings.length,
          avgPrice: mean(listings.map((a) => a.priceTotal)),
          avgPricePerMeter: marketPricePerMeter(listings),
        },
      ],
    },
  ];
}

/** Rows = districts, cells = room counts 0…4+ (spec §3 "Analytics detail row"). */
export function detailedStatistics(memory: CatalogueMemory, listings: Apartment[]): AnalyticsDetailRow[] {
  const byArea = new Map<number, Apartment[]>();
  for (const a of listings) byArea.set(a.areaId, [...(byArea.get(a.areaId) ?? []), a]);
  return [...byArea.entries()]
    .map(([areaId, own]) => ({
      areaId,
      areaName: memory.areas.get(areaId)?.name ?? '',
      dataList: [0, 1, 2, 3, 4]
        .map((roomsCnt) => {
          const cell = own.filter((a) => Math.min(4, a.roomsCnt) === roomsCnt);
          if (cell.length === 0) return null;
          const prices = cell.map((a) => a.priceTotal);
          return {
            roomsCnt,
            count: cell.length,
            priceTotalMinFrom: Math.min(...prices),
            priceTotalMinTo: Math.max(...prices),
            pricePerMeter: marketPricePerMeter(cell),
          };
        })
        .filter((cell): cell is NonNullable<typeof cell> => cell !== null),
    }))
    .sort((a, b) => a.areaName.localeCompare(b.areaName, 'ru'));
}
