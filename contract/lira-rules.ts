/**
 * LIRA (AI search) values and rules shared by the client and the server. Zod-free: the client
 * imports values from here (`@/shared/api/contract/lira-rules`) without pulling zod into the bundle.
 */

export { LIRA_SERVICE_TYPE } from './lira-service';

/** Spec §4 "AI agent (LIRA profile) status". */
export const LIRA_STATUSES = ['NOT_CREATED', 'NOT_PAID', 'START', 'ACTIVE', 'STOP', 'REJECTED', 'CANCELLED', 'EXPIRED'] as const;
export type LiraStatus = (typeof LIRA_STATUSES)[number];
/** What the client may ask for in `PUT /selection/lira/profile/status` (NOT_CREATED/EXPIRED are the server's to decide). */
export const LIRA_SETTABLE_STATUSES = ['NOT_PAID', 'START', 'ACTIVE', 'STOP', 'REJECTED', 'CANCELLED'] as const;
export type LiraSettableStatus = (typeof LIRA_SETTABLE_STATUSES)[number];
/** Statuses in which the agent keeps adding suggestions (while the subscription is valid). */
export const LIRA_RUNNING_STATUSES: readonly LiraStatus[] = ['START', 'ACTIVE', 'CANCELLED'];
export const isLiraRunning = (status: LiraStatus): boolean => LIRA_RUNNING_STATUSES.includes(status);

/** Spec §4 "Subscription status". */
export const SUBSCRIPTION_STATUSES = ['ACTIVE', 'CANCELLED', 'EXPIRED', 'PAST_DUE'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** Spec §9: the built-in trial promocode — 3 days, once per user. The client sends `{promocode: TRIAL_PROMOCODE, days: 3}`. */
export const TRIAL_PROMOCODE = 'TRIAL3';
export const TRIAL_DAYS = 3;

/** Spec §3/§9 sorts of the LIRA list; default SUGGESTION_DATE_DESC. */
export const LIRA_SORTS = ['SUGGESTION_DATE_DESC', 'RELEVANCE_DESC', 'RELEVANCE_ASC', 'PRICE_ASC', 'PRICE_DESC'] as const;
export type LiraSort = (typeof LIRA_SORTS)[number];
export const LIRA_SORT_LABELS: Record<LiraSort, string> = {
  SUGGESTION_DATE_DESC: 'По дате добавления',
  RELEVANCE_DESC: 'С высоким индексом AI',
  RELEVANCE_ASC: 'С низким индексом AI',
  PRICE_ASC: 'Дешевле',
  PRICE_DESC: 'Дороже',
};
export const LIRA_PAGE_SIZE = 30;

export const EXTENSION_TYPES = ['PRICE', 'LOCATION', 'DEADLINE', 'ROOMS_COUNT', 'REALTY_TYPE'] as const;
export type ExtensionType = (typeof EXTENSION_TYPES)[number];

/** Deadline sentinels (spec §9): 0 and 300001 mean "any". */
export const DEADLINE_ANY = [0, 300001] as const;
export const isAnyDeadline = (deadlineLte: number | null | undefined): deadlineLte is (typeof DEADLINE_ANY)[number] | null | undefined =>
  deadlineLte === null || deadlineLte === undefined || deadlineLte === 0 || deadlineLte === 300001;

/** Client form of the extension (spec §3 "Search-extension settings"). */
export interface ExtensionForm {
  useExtensions: boolean;
  useExpertSelection: boolean;
  extendLocation: boolean;
  extendAreaIdsWith: number[];
  extendMetroIdsWith: number[];
  extendPrice: boolean;
  extendPriceBy: number;
  extendRoomsAmount: boolean;
  extendRoomsAmountWith: number[];
  extendDeadline: boolean;
  extendRealtyType: boolean;
  extendRealtyTypeWith: 'NEW' | 'RESALE' | null;
}

export const DEFAULT_EXTENSION_FORM: ExtensionForm = {
  useExtensions: true,
  useExpertSelection: false,
  extendLocation: true,
  extendAreaIdsWith: [],
  extendMetroIdsWith: [],
  extendPrice: true,
  extendPriceBy: 10,
  extendRoomsAmount: true,
  extendRoomsAmountWith: [],
  extendDeadline: true,
  extendRealtyType: false,
  extendRealtyTypeWith: null,
};

/** Deadline extension widens by 2 (quarters), spec §9. */
export const DEADLINE_EXTENSION_STEP = 2;

export type ExtensionEntry =
  | { type: 'LOCATION'; active: boolean; params: { areaIds: number[]; metroIds: number[] } }
  | { type: 'PRICE'; active: boolean; params: { price: number } }
  | { type: 'ROOMS_COUNT'; active: boolean; params: { roomsCnt: number[] } }
  | { type: 'DEADLINE'; active: boolean; params: { deadline: number } }
  | { type: 'REALTY_TYPE'; active: boolean; params: { realtyType: 'NEW' | 'RESALE' | null } };

export interface ExtensionPayloadWire {
  useExtensions: boolean;
  useExpertSelection: boolean;
  extensions: ExtensionEntry[];
}

/**
 * Spec §5 "Extension payload": DEADLINE is active only when extendDeadline is set and deadlineLte is
 * neither 0 nor 300001; REALTY_TYPE only when extendRealtyType is set and realtyType is not ALL, with the
 * opposite type as its param; useExtensions is true when any extension is active or expert selection is on.
 */
export function extensionPayload(
  form: ExtensionForm,
  filters: { deadlineLte?: number | null; realtyType?: 'ALL' | 'NEW' | 'RESALE' | null },
): ExtensionPayloadWire {
  const realty = filters.realtyType ?? 'ALL';
  const opposite = realty === 'NEW' ? 'RESALE' : realty === 'RESALE' ? 'NEW' : null;
  const extensions: ExtensionEntry[] = [
    {
      type: 'LOCATION',
      active: form.extendLocation,
      params: { areaIds: [...form.extendAreaIdsWith], metroIds: [...form.extendMetroIdsWith] },
    },
    { type: 'PRICE', active: form.extendPrice, params: { price: form.extendPriceBy } },
    { type: 'ROOMS_COUNT', active: form.extendRoomsAmount, params: { roomsCnt: [...form.extendRoomsAmountWith] } },
    { type: 'DEADLINE', active: form.extendDeadline && !isAnyDeadline(filters.deadlineLte), params: { deadline: DEADLINE_EXTENSION_STEP } },
    { type: 'REALTY_TYPE', active: form.extendRealtyType && realty !== 'ALL', params: { realtyType: opposite } },
  ];
  return {
    useExtensions: extensions.some((e) => e.active) || form.useExpertSelection,
    useExpertSelection: form.useExpertSelection,
    extensions,
  };
}

/** Spec §5 "Adjacent rooms": neighbours (0…4) of the selected room counts that are not selected themselves. */
export function adjacentRooms(selected: readonly number[]): number[] {
  const chosen = new Set(selected);
  const out = new Set<number>();
  for (const n of chosen) for (const m of [n - 1, n + 1]) if (m >= 0 && m <= 4 && !chosen.has(m)) out.add(m);
  return [...out].sort((a, b) => a - b);
}

/** 'DD.MM.YYYY HH:MM:SS' (spec §3 Subscription.expiredAt), in Moscow time. */
export function formatExpiredAt(date: Date): string {
  const msk = new Date(date.getTime() + 3 * 3600_000);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${p(msk.getUTCDate())}.${p(msk.getUTCMonth() + 1)}.${msk.getUTCFullYear()} ${p(msk.getUTCHours())}:${p(msk.getUTCMinutes())}:${p(msk.getUTCSeconds())}`;
}

/** Inverse of formatExpiredAt; null for malformed text. */
export function parseExpiredAt(text: string): Date | null {
  const m = /^(\d{2})\.(\d{2})\.(\d{4}) (\d{2}):(\d{2}):(\d{2})$/.exec(text);
  if (!m) return null;
  const [, d, mo, y, h, mi, s] = m.map(Number) as [number, number, number, number, number, number, number];
  return new Date(Date.UTC(y, mo - 1, d, h - 3, mi, s));
}

/** Telegram Mini App start parameter that opens the AI-search settings (the bot's /settings). */
export const SETTINGS_START_PARAM = 'settings';

/** Telegram Mini App start parameter that opens an apartment: `apart_<id>`. */
export const apartStartParam = (apartmentId: number): string => `apart_${apartmentId}`;
export const parseApartStartParam = (value: string | null | undefined): number | null => {
  const m = /^apart_(\d{1,10})$/.exec(value ?? '');
  return m ? Number(m[1]) : null;
};
