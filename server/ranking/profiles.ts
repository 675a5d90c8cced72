import { PORTRAITS } from '../catalog/content/portraits';
import type { Extensions, Filters, RankQuery, WishWeight } from './query';
import type { Importance } from '../core/model';
import type { TasteRating } from './taste/model';

/** What the engine knows of the user beyond the profile: their ratings, and a seed for stable exploration. */
export interface Learned {
  ratings?: readonly TasteRating[];
  seed?: number;
}

/** The filter part shared by the TOP and LIRA payloads (spec §3). */
export interface ProfileFilters {
  areaIds?: number[];
  metroIds?: number[];
  priceTotalMinGte?: number | null;
  priceTotalMinLte?: number | null;
  roomsCntForFilter?: number[];
  realtyType?: 'ALL' | 'NEW' | 'RESALE' | null;
  isApartHotel?: boolean | null;
  renovationType?: 'FULLY_RENOVATED' | 'UNRENOVATED' | 'ALL' | null;
  areaTotalGte?: number | null;
  areaKitchenGte?: number | null;
  areaResidentialGte?: number | null;
  deadlineGte?: number | null;
  deadlineLte?: number | null;
  stageIsPut?: boolean | null;
}

const orUndefined = <T>(value: T | null | undefined): T | undefined => (value === null ? undefined : value);

export function toFilters(p: ProfileFilters, includeSold = false): Filters {
  return {
    areaIds: p.areaIds,
    metroIds: p.metroIds,
    priceMin: orUndefined(p.priceTotalMinGte),
    priceMax: orUndefined(p.priceTotalMinLte),
    rooms: p.roomsCntForFilter,
    realtyType: p.realtyType === 'NEW' || p.realtyType === 'RESALE' ? p.realtyType : undefined,
    isApartHotel: orUndefined(p.isApartHotel),
    renovation: p.renovationType === 'FULLY_RENOVATED' || p.renovationType === 'UNRENOVATED' ? p.renovationType : undefined,
    areaTotalGte: orUndefined(p.areaTotalGte),
    areaKitchenGte: orUndefined(p.areaKitchenGte),
    areaResidentialGte: orUndefined(p.areaResidentialGte),
    deadlineGte: orUndefined(p.deadlineGte),
    deadlineLte: orUndefined(p.deadlineLte),
    stageIsPut: p.stageIsPut === true ? true : undefined,
    includeSold,
  };
}

/** A TOP profile: the preset's wishes, the price window already applied, closeness to the target price. */
export function topRankQuery(
  profile: ProfileFilters & { wishes?: Record<string, Importance> },
  limit: number,
  learned: Learned = {},
): RankQuery {
  const min = profile.priceTotalMinGte ?? undefined;
  const max = profile.priceTotalMinLte ?? undefined;
  return {
    filters: toFilters(profile),
    wishes: Object.entries(profile.wishes ?? {}).map(([code, importance]) => ({ code, importance })),
    targetPrice: min !== undefined && max !== undefined ? Math.round((min + max) / 2) : undefined,
    ...learned,
    limit,
  };
}

/** Wire importance → engine importance: DESIRABLE travels as NOT_IMPORTANT, null means not important (spec §3). */
export function wireImportance(value: string | null | undefined): Importance | null {
  if (value === 'VERY_IMPORTANT' || value === 'IMPORTANT') return value;
  if (value === 'NOT_IMPORTANT' || value === 'DESIRABLE') return 'DESIRABLE';
  return null;
}

export interface ExtensionPayload {
  useExtensions: boolean;
  extensions: Array<{
    type: 'PRICE' | 'LOCATION' | 'DEADLINE' | 'ROOMS_COUNT' | 'REALTY_TYPE';
    active: boolean;
    params: Record<string, unknown>;
  }>;
}

/** The extension payload of spec §3 → the engine's widening rules. */
export function toExtensions(payload: ExtensionPayload | null | undefined): Extensions | undefined {
  if (!payload?.useExtensions) return undefined;
  const out: Extensions = {};
  for (const ext of payload.extensions) {
    if (!ext.active) continue;
    if (ext.type === 'PRICE') out.pricePercent = Number(ext.params.price) || 0;
    if (ext.type === 'LOCATION')
      out.location = { areaIds: (ext.params.areaIds as number[]) ?? [], metroIds: (ext.params.metroIds as number[]) ?? [] };
    if (ext.type === 'ROOMS_COUNT') out.rooms = (ext.params.roomsCnt as number[]) ?? [];
    if (ext.type === 'DEADLINE') out.deadlineQuarters = Number(ext.params.deadline) || 0;
    if (ext.type === 'REALTY_TYPE' && (ext.params.realtyType === 'NEW' || ext.params.realtyType === 'RESALE'))
      out.realtyType = ext.params.realtyType;
  }
  return out;
}

/** A LIRA profile: filters, weighted wishes, the portrait's priors, alternatives and the learned taste. */
export function liraRankQuery(
  profile: { filters: ProfileFilters; portraitId?: number | null; wishGroups?: Record<string, string | null> },
  settings: ExtensionPayload | null | undefined,
  options: Learned & { limit: number; exclude?: ReadonlySet<number>; includeSold?: boolean },
): RankQuery {
  const wishes: WishWeight[] = [];
  for (const [code, value] of Object.entries(profile.wishGroups ?? {})) {
    const importance = wireImportance(value);
    if (importance) wishes.push({ code, importance });
  }
  const portrait = PORTRAITS.find((p) => p.id === profile.portraitId);
  return {
    filters: toFilters(profile.filters, options.includeSold),
    extensions: toExtensions(settings),
    wishes,
    portraitWishes: portrait?.wishes ?? [],
    ratings: options.ratings,
    seed: options.seed,
    exclude: options.exclude,
    limit: options.limit,
  };
}
