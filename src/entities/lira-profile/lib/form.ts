import type { Preset } from '@/shared/api';
import type {
  HousingType,
  LiraFilters,
  LiraForm,
  LiraProfilePayload,
  RenovationType,
  RoomKey,
  WireImportance,
  WishImportance,
} from '../model/types';
import { ROOM_KEYS } from '../model/types';

import { isAnyDeadline } from '@kvarta/contract/lira-rules';
import { DEFAULT_MORTGAGE_INFO } from '@kvarta/contract/mortgage';

/** Deadline sentinel of spec §9 used for "any" in the form. */
export const DEADLINE_ANY = 0;

export const roomKeyToCount = (key: RoomKey): number => ROOM_KEYS.indexOf(key);
export const roomCountToKey = (count: number): RoomKey | null => ROOM_KEYS[Math.min(Math.max(Math.trunc(count), 0), 4)] ?? null;
export const roomsToCounts = (keys: readonly RoomKey[]): number[] => [...new Set(keys.map(roomKeyToCount))].sort((a, b) => a - b);
export const countsToRooms = (counts: readonly number[]): RoomKey[] =>
  ROOM_KEYS.filter((key) => counts.some((n) => roomCountToKey(n) === key));

const HOUSING_TO_WIRE: Record<HousingType, boolean | null> = { ALL: null, FLAT: false, APARTMENT: true };
export const housingFromWire = (isApartHotel: boolean | null | undefined): HousingType =>
  isApartHotel === true ? 'APARTMENT' : isApartHotel === false ? 'FLAT' : 'ALL';
/** An unknown backend value maps to ALL (spec §3 "Renovation"). */
export const renovationFromWire = (value: unknown): RenovationType =>
  value === 'FULLY_RENOVATED' || value === 'UNRENOVATED' ? value : 'ALL';

/** Spec §3: NOT_IMPORTANT travels as null, DESIRABLE as NOT_IMPORTANT. */
export function importanceToWire(value: WishImportance): WireImportance {
  if (value === 'NOT_IMPORTANT') return null;
  if (value === 'DESIRABLE') return 'NOT_IMPORTANT';
  return value;
}
/** The reverse: a wire NOT_IMPORTANT was a DESIRABLE wish; null or anything unknown is "not important". */
export function importanceFromWire(value: unknown): WishImportance {
  if (value === 'NOT_IMPORTANT' || value === 'DESIRABLE') return 'DESIRABLE';
  if (value === 'IMPORTANT' || value === 'VERY_IMPORTANT') return value;
  return 'NOT_IMPORTANT';
}

export const DEFAULT_PRICE_RANGE: [number, number] = [2_000_000, 200_000_000];

export function emptyForm(cityIds: number[]): LiraForm {
  return {
    cityIds,
    areaIds: [],
    metroIds: [],
    priceMinMax: [...DEFAULT_PRICE_RANGE],
    areaTotalMin: null,
    areaKitchenMin: null,
    roomsAmount: [],
    deadlineLte: DEADLINE_ANY,
    stageIsPut: false,
    realtyType: 'ALL',
    housingType: 'ALL',
    renovationType: 'ALL',
    portraitId: null,
    wishes: {},
    mortgageInfo: { ...DEFAULT_MORTGAGE_INFO, loanerInfo: { ...DEFAULT_MORTGAGE_INFO.loanerInfo } },
  };
}

/** The form → the payload of spec §3. */
export function formToPayload(form: LiraForm): LiraProfilePayload {
  const filters: LiraFilters = {
    cityIds: form.cityIds,
    areaIds: form.areaIds,
    metroIds: form.metroIds,
    priceTotalMinGte: form.priceMinMax[0],
    priceTotalMinLte: form.priceMinMax[1],
    realtyType: form.realtyType,
    isApartHotel: HOUSING_TO_WIRE[form.housingType],
    renovationType: form.renovationType === 'ALL' ? null : form.renovationType,
    roomsCntForFilter: roomsToCounts(form.roomsAmount),
    areaForFilter: null,
    areaKitchenGte: form.areaKitchenMin,
    areaResidentialGte: null,
    areaTotalGte: form.areaTotalMin,
    avgAreaRoomsGte: null,
    deadlineGte: null,
    deadlineLte: isAnyDeadline(form.deadlineLte) ? null : form.deadlineLte,
    stageIsPut: form.stageIsPut ? true : null,
  };
  const wishGroups: Record<string, WireImportance> = {};
  for (const [code, importance] of Object.entries(form.wishes)) wishGroups[code] = importanceToWire(importance);
  return { filters, portraitId: form.portraitId, wishGroups, mortgageInfo: form.mortgageInfo };
}

/** What the server keeps → the form (unknown or missing values fall back to the form defaults). */
export function payloadToForm(payload: {
  filters: Partial<LiraFilters>;
  portraitId?: number | null;
  wishGroups?: Record<string, unknown> | null;
  mortgageInfo?: LiraForm['mortgageInfo'];
}): LiraForm {
  const f = payload.filters;
  const base = emptyForm(f.cityIds ?? []);
  const wishes: Record<string, WishImportance> = {};
  for (const [code, value] of Object.entries(payload.wishGroups ?? {})) wishes[code] = importanceFromWire(value);
  return {
    ...base,
    areaIds: f.areaIds ?? [],
    metroIds: f.metroIds ?? [],
    priceMinMax: [f.priceTotalMinGte ?? DEFAULT_PRICE_RANGE[0], f.priceTotalMinLte ?? DEFAULT_PRICE_RANGE[1]],
    areaTotalMin: f.areaTotalGte ?? null,
    areaKitchenMin: f.areaKitchenGte ?? null,
    roomsAmount: countsToRooms(f.roomsCntForFilter ?? []),
    deadlineLte: f.deadlineLte ?? DEADLINE_ANY,
    stageIsPut: f.stageIsPut === true,
    realtyType: f.realtyType === 'NEW' || f.realtyType === 'RESALE' ? f.realtyType : 'ALL',
    housingType: housingFromWire(f.isApartHotel),
    renovationType: renovationFromWire(f.renovationType),
    portraitId: payload.portraitId ?? null,
    wishes,
    mortgageInfo: payload.mortgageInfo ?? base.mortgageInfo,
  };
}

/**
 * A preset's filters and wishes become the form (spec §4 "Profile status on load" and "Preset change").
 * Metro ids are cleared when the city has no metro (spec §5). Portrait and anything the preset does
 * not carry are kept from `previous`.
 */
export function formFromPreset(preset: Preset, hasMetro: boolean, previous?: LiraForm): LiraForm {
  const f = preset.filters;
  const base = previous ?? emptyForm([preset.cityKladr]);
  const wishes: Record<string, WishImportance> = {};
  for (const [code, importance] of Object.entries(preset.template.params)) wishes[code] = importance;
  return {
    ...base,
    cityIds: f.cityIds.length > 0 ? f.cityIds : [preset.cityKladr],
    areaIds: f.areaIds,
    metroIds: hasMetro ? f.metroIds : [],
    priceMinMax: [f.priceTotalMinGte, f.priceTotalMinLte],
    areaTotalMin: f.areaTotalGte,
    areaKitchenMin: f.areaKitchenGte,
    roomsAmount: countsToRooms(f.roomsCntForFilter),
    deadlineLte: f.deadlineLte,
    stageIsPut: f.stageIsPut,
    realtyType: f.realtyType,
    housingType: housingFromWire(f.isApartHotel),
    renovationType: renovationFromWire(f.renovationType),
    wishes,
  };
}

/** Spec §4: the preset whose template id matches, otherwise the first. */
export function choosePreset(presets: readonly Preset[], templateId: number | null | undefined): Preset | null {
  return presets.find((p) => p.template.id === templateId) ?? presets[0] ?? null;
}
