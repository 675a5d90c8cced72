import { camelCaseKey } from '@/shared/lib';

/** Our statistics (spec §7 SELECTION_ANALYTICS "array of {type, …}"; the item shapes are ours). */
export interface RoomsStat {
  roomsCnt: number;
  count: number;
  avgPrice: number;
  avgPricePerMeter: number;
}
export interface RoomsShare {
  roomsCnt: number;
  count: number;
  share: number;
}
export interface AreaStat {
  areaId: number;
  areaName: string;
  count: number;
  avgPricePerMeter: number;
}
export interface DynamicsPoint {
  month: string;
  pricePerMeter: number;
}
export interface SummaryStat {
  count: number;
  avgPrice: number;
  avgPricePerMeter: number;
}

export interface AnalyticsResult {
  priceByRooms?: RoomsStat[];
  shareByRooms?: RoomsShare[];
  pricePerMeterByArea?: AreaStat[];
  priceDynamics?: DynamicsPoint[];
  summary?: SummaryStat[];
}

/** Spec §3 "Analytics result": the array keyed by type in camelCase; unknown types are kept under their key. */
export function keyAnalyticsResult(list: ReadonlyArray<{ type: string; items?: unknown }>): AnalyticsResult {
  const out: Record<string, unknown> = {};
  for (const entry of list) out[camelCaseKey(entry.type.toLowerCase())] = entry.items ?? [];
  return out;
}
