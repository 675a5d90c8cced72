/** Spec §3 Rooms: studio=0, r1–r4 = 1–4 ('4+'). */
export const ROOM_KEYS = ['studio', 'r1', 'r2', 'r3', 'r4'] as const;
export type RoomKey = (typeof ROOM_KEYS)[number];
export const ROOM_NUMBERS: Record<RoomKey, number> = { studio: 0, r1: 1, r2: 2, r3: 3, r4: 4 };
export const ROOM_LABELS: Record<RoomKey, string> = { studio: 'Студия', r1: '1', r2: '2', r3: '3', r4: '4+' };

/** Spec §9: the analytics price range is 0 – 200 000 000. */
export const ANALYTICS_PRICE = { MIN: 0, MAX: 200_000_000 } as const;

/** Spec §3 "Analytics filters" (stored locally under `analylicsFilters`). */
export interface AnalyticsFilters {
  /** The city's kladr; null until the page adopts the current city. */
  currentCity: number | null;
  areaIds: number[];
  metroIds: number[];
  /** [min, max]; a bound the user cleared is null and the request waits for it. */
  priceRange: [number | null, number | null];
  roomsCntForFilter: RoomKey[];
  hasMetro: boolean;
}

export const DEFAULT_ANALYTICS_FILTERS: AnalyticsFilters = {
  currentCity: null,
  areaIds: [],
  metroIds: [],
  priceRange: [ANALYTICS_PRICE.MIN, ANALYTICS_PRICE.MAX],
  roomsCntForFilter: [],
  hasMetro: false,
};

const ids = (value: unknown): number[] =>
  Array.isArray(value) ? [...new Set(value.filter((x): x is number => Number.isInteger(x) && x > 0))] : [];
const bound = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) && value >= ANALYTICS_PRICE.MIN && value <= ANALYTICS_PRICE.MAX ? value : null;

/**
 * The stored filters, validated: another tab, an older version or a hand edit may have left
 * anything there. Unknown or broken fields fall back to their defaults; never throws.
 */
export function parseAnalyticsFilters(raw: string | null): AnalyticsFilters {
  if (raw === null) return DEFAULT_ANALYTICS_FILTERS;
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return DEFAULT_ANALYTICS_FILTERS;
  }
  if (!data || typeof data !== 'object' || Array.isArray(data)) return DEFAULT_ANALYTICS_FILTERS;
  const o = data as Record<string, unknown>;
  const range = Array.isArray(o.priceRange) && o.priceRange.length === 2 ? o.priceRange : [ANALYTICS_PRICE.MIN, ANALYTICS_PRICE.MAX];
  return {
    currentCity: Number.isInteger(o.currentCity) ? (o.currentCity as number) : null,
    areaIds: ids(o.areaIds),
    metroIds: ids(o.metroIds),
    priceRange: [bound(range[0]), bound(range[1])],
    roomsCntForFilter: Array.isArray(o.roomsCntForFilter) ? ROOM_KEYS.filter((k) => (o.roomsCntForFilter as unknown[]).includes(k)) : [],
    hasMetro: o.hasMetro === true,
  };
}
