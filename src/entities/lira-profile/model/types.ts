/** Client-side shapes of the AI search profile (spec §3 "LIRA search profile", "Search-extension settings"). */

import type { ExtensionForm, LiraStatus } from '@kvarta/contract/lira-rules';
import type { LiraFilters, LiraProfile, LiraProfilePayload, ExtensionPayload, WireImportance } from '@kvarta/contract/lira';

export type { ExtensionForm, LiraStatus, LiraFilters, LiraProfile, LiraProfilePayload, ExtensionPayload, WireImportance };

/** Room keys of spec §3 "Rooms": studio=0, r1–r4 = 1–4 (r4 means 4+). */
export type RoomKey = 'studio' | 'r1' | 'r2' | 'r3' | 'r4';
export const ROOM_KEYS: readonly RoomKey[] = ['studio', 'r1', 'r2', 'r3', 'r4'];
export const ROOM_LABELS: Record<RoomKey, string> = { studio: 'Студия', r1: '1', r2: '2', r3: '3', r4: '4+' };

export type RealtyType = 'ALL' | 'NEW' | 'RESALE';
export const REALTY_LABELS: Record<RealtyType, string> = { ALL: 'Любой', NEW: 'Новостройка', RESALE: 'Вторичка' };
/** Property kind; maps to isApartHotel (ALL null, FLAT false, APARTMENT true). */
export type HousingType = 'ALL' | 'FLAT' | 'APARTMENT';
export const HOUSING_LABELS: Record<HousingType, string> = { ALL: 'Любой', FLAT: 'Квартира', APARTMENT: 'Апартаменты' };
export type RenovationType = 'ALL' | 'FULLY_RENOVATED' | 'UNRENOVATED';
export const RENOVATION_LABELS: Record<RenovationType, string> = {
  ALL: 'Любой',
  FULLY_RENOVATED: 'Готовый ремонт',
  UNRENOVATED: 'Без отделки',
};

/** Wish importance as the form knows it (spec §3 enumerations). */
export type WishImportance = 'NOT_IMPORTANT' | 'DESIRABLE' | 'IMPORTANT' | 'VERY_IMPORTANT';
export const WISH_IMPORTANCES: readonly WishImportance[] = ['NOT_IMPORTANT', 'DESIRABLE', 'IMPORTANT', 'VERY_IMPORTANT'];
export const WISH_LABELS: Record<WishImportance, string> = {
  NOT_IMPORTANT: 'Не важно',
  DESIRABLE: 'Желательно',
  IMPORTANT: 'Важно',
  VERY_IMPORTANT: 'Очень важно',
};

export interface LiraForm {
  cityIds: number[];
  areaIds: number[];
  metroIds: number[];
  priceMinMax: [number, number];
  areaTotalMin: number | null;
  areaKitchenMin: number | null;
  roomsAmount: RoomKey[];
  /** year×10+quarter; 0 and 300001 mean "any". */
  deadlineLte: number;
  stageIsPut: boolean;
  realtyType: RealtyType;
  housingType: HousingType;
  renovationType: RenovationType;
  portraitId: number | null;
  wishes: Record<string, WishImportance>;
  /** The spec's `mortgageInfo`: the down payment and who the buyer is, for the payments on cards and the map. */
  mortgageInfo: MortgageInfoForm;
}

export interface MortgageInfoForm {
  initialFee: number;
  monthlyPayment: number;
  loanerInfo: { age: number; sex: 'MALE' | 'FEMALE'; hasChildren: boolean; worksInIT: boolean };
}
