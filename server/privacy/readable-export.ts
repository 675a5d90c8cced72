import { roomsAndArea, unitKind } from '@kvarta/contract/apartment-title';
import type { ExportedApartment, ExportedSearchSettings, PersonalData } from '@kvarta/contract/cabinet';
import { LIRA_SERVICE_TYPE } from '@kvarta/contract/lira-rules';
import type { City } from '@kvarta/contract';
import { apartmentPath } from '@kvarta/contract/routes';
import type { CatalogueMemory } from '../catalog/memory';
import { listCities } from '../catalog/repository/reference';
import type { Queryable } from '../core/database';
import { NOTICE_TITLES, WISH_BY_CODE } from '../ranking';
import { exportRowsOf, type ExportRows } from './export-rows';

export interface ReadableExportNeeds {
  db: Queryable;
  memory: CatalogueMemory;
  now: () => Date;
}

/**
 * Every table that names a person (personal-data.ts finds them in the database) and the export's section that shows
 * it, or why none does. A new table naming a person fails tests/server/personal-data-export.test.ts until it is here.
 */
export const EXPORT_COVERAGE: Readonly<Record<string, { section: keyof PersonalData } | { omitted: string }>> = {
  users: { section: 'profile' },
  telegram_bindings: { section: 'signIn' },
  reactions: { section: 'ratings' },
  favourite_marks: { section: 'favourites' },
  favourite_alert_settings: { section: 'favouriteAlerts' },
  top_profiles: { section: 'topSettings' },
  lira_profiles: { section: 'aiSearch' },
  lira_suggestions: { section: 'aiSuggestions' },
  subscriptions: { section: 'subscriptions' },
  promocode_redemptions: { section: 'promocodes' },
  payments: { section: 'payments' },
  consents: { section: 'consents' },
  callback_requests: { section: 'callbackRequests' },
};

/** A person with no row (an anonymous visitor who wrote nothing): every section empty. */
const emptyExport = (exportedAt: Date): PersonalData => ({
  exportedAt: exportedAt.toISOString(),
  profile: null,
  signIn: { telegramId: null, requests: [] },
  favourites: [],
  favouriteAlerts: null,
  ratings: [],
  topSettings: null,
  aiSearch: null,
  aiSuggestions: [],
  subscriptions: [],
  promocodes: [],
  payments: [],
  consents: [],
  callbackRequests: [],
});

const iso = (date: Date) => date.toISOString();
const isoOrNull = (date: Date | null) => (date ? date.toISOString() : null);

const SERVICE_NAMES: Readonly<Record<string, string>> = { [LIRA_SERVICE_TYPE]: 'ИИ Поиск' };
const serviceName = (type: string) => SERVICE_NAMES[type] ?? type;

const WHERE: Readonly<Record<string, PersonalData['ratings'][number]['where']>> = {
  LEXS: 'top',
  MAIN: 'top',
  LIRA_4: 'aiSearch',
  FAV: 'favourites',
};
const IMPORTANCE: Readonly<Record<string, ExportedSearchSettings['wishes'][number]['importance']>> = {
  DESIRABLE: 'desirable',
  NOT_IMPORTANT: 'desirable',
  IMPORTANT: 'important',
  VERY_IMPORTANT: 'veryImportant',
};
const REALTY: Readonly<Record<string, ExportedSearchSettings['realtyType']>> = { ALL: 'all', NEW: 'new', RESALE: 'resale' };

/**
 * What the person searched with, the reference ids named (a name no longer in the catalogue is left out). Stored JSON
 * is read defensively: an export must not fail on a row written by an older version.
 */
interface StoredFilters {
  cityIds?: number[] | null;
  areaIds?: number[];
  metroIds?: number[];
  priceTotalMinGte?: number | null;
  priceTotalMinLte?: number | null;
  roomsCntForFilter?: number[];
  realtyType?: string | null;
  areaTotalGte?: number | null;
  areaKitchenGte?: number | null;
}

function searchSettings(
  memory: CatalogueMemory,
  cities: City[],
  filters: StoredFilters,
  wishes: Readonly<Record<string, string | null>>,
): ExportedSearchSettings {
  const list = <T>(value: readonly T[] | null | undefined): readonly T[] => value ?? [];
  const names = (ids: readonly number[] | undefined, map: ReadonlyMap<number, { name: string }>) =>
    list(ids)
      .map((id) => map.get(id)?.name)
      .filter((name): name is string => name !== undefined);
  return {
    cities: list(filters.cityIds).map((id) => cities.find((c) => c.cityIds.includes(id) || c.kladr === id)?.name ?? String(id)),
    districts: names(filters.areaIds, memory.areas),
    metroStations: names(filters.metroIds, memory.stations),
    priceFrom: filters.priceTotalMinGte ?? null,
    priceTo: filters.priceTotalMinLte ?? null,
    rooms: [...list(filters.roomsCntForFilter)],
    realtyType: filters.realtyType ? (REALTY[filters.realtyType] ?? null) : null,
    areaFrom: filters.areaTotalGte ?? null,
    kitchenAreaFrom: filters.areaKitchenGte ?? null,
    wishes: Object.entries(wishes).map(([code, importance]) => ({
      wish: WISH_BY_CODE.get(code)?.title ?? code,
      importance: importance ? (IMPORTANCE[importance] ?? null) : null,
    })),
  };
}

/** An apartment as the person knows it: its title and page while it is in the catalogue, its id always. */
function apartmentOf(memory: CatalogueMemory, cities: City[], id: number): ExportedApartment {
  const apartment = memory.apartments.get(id);
  const city = apartment && cities.find((c) => c.cityIds.includes(apartment.cityId));
  if (!apartment) return { id, title: null, link: null };
  return {
    id,
    title: roomsAndArea(apartment.roomsCnt, apartment.areaTotal, 'nominative', unitKind(apartment.isApartHotel)),
    link: city ? apartmentPath(city.link, id) : null,
  };
}

/**
 * «Мои данные» (152-FZ art. 14): what is stored about the person, section by section, in the words of
 * docs/personal-data-export.md. Every field is named here; internals (token versions, session keys, binding tokens,
 * hashes, addresses, provider ids, claims and attempt counters) have no field to land in.
 */
export async function readableExport(ctx: ReadableExportNeeds, userId: number): Promise<PersonalData> {
  const rows = await exportRowsOf(ctx.db, userId);
  if (!rows) return emptyExport(ctx.now());
  const cities = await listCities(ctx.db);
  return shape(rows, ctx.memory, cities, ctx.now());
}

function shape(rows: ExportRows, memory: CatalogueMemory, cities: City[], now: Date): PersonalData {
  const { user } = rows;
  const apartment = (id: number) => apartmentOf(memory, cities, id);
  const marks = new Map(rows.marks.map((m) => [m.apartmentId, m]));
  const likes = new Map(rows.ratings.filter((r) => r.action === 'LIKE').map((r) => [r.apartmentId, r]));
  const top = rows.top?.payload;
  const lira = rows.lira;
  return {
    exportedAt: iso(now),
    profile: {
      name: user.name,
      city: user.cityId === null ? null : (cities.find((c) => c.kladr === user.cityId)?.name ?? String(user.cityId)),
      signedInThroughTelegram: user.telegramId !== null,
      personalisedRecommendations: user.personalised,
      createdAt: iso(user.createdAt),
    },
    signIn: {
      telegramId: user.telegramId,
      requests: rows.bindings.map((b) => ({
        kind: b.type === 'login' ? 'signIn' : 'binding',
        from: b.source === 'SITE' ? 'website' : b.source === 'TELEGRAM_MINI_APP' ? 'miniApp' : null,
        device: b.userAgent,
        requestedAt: iso(b.createdAt),
        confirmedAt: isoOrNull(b.usedAt),
      })),
    },
    // The liked apartments, and any note or price mark kept for one (a mark outlives its like until deletion).
    favourites: [...new Set([...likes.keys(), ...marks.keys()])].map((id) => {
      const mark = marks.get(id);
      const liked = likes.get(id);
      return {
        apartment: apartment(id),
        likedAt: liked ? iso(liked.updatedAt) : null,
        note: mark?.note ?? '',
        priceSeen: mark?.seenPrice ?? null,
        change: mark?.change
          ? {
              kind: mark.change === 'GONE' ? 'gone' : 'priceDrop',
              oldPrice: mark.oldPrice,
              newPrice: mark.newPrice,
              at: isoOrNull(mark.changedAt),
            }
          : null,
      };
    }),
    favouriteAlerts: rows.alerts ? { enabled: rows.alerts.enabled, lastSentAt: isoOrNull(rows.alerts.lastSentAt) } : null,
    ratings: rows.ratings.map((r) => ({
      apartment: apartment(r.apartmentId),
      rating: r.action === 'LIKE' ? 'like' : 'dislike',
      reasons: (Array.isArray(r.notices) ? r.notices : []).map((key) => NOTICE_TITLES[key] ?? key),
      where: WHERE[r.selectionType] ?? 'other',
      at: iso(r.updatedAt),
    })),
    topSettings: top && rows.top ? { ...searchSettings(memory, cities, top, top.wishes ?? {}), updatedAt: iso(rows.top.updatedAt) } : null,
    aiSearch: lira
      ? {
          ...searchSettings(memory, cities, lira.payload.filters ?? {}, lira.payload.wishGroups ?? {}),
          status: lira.status,
          widerSearch: lira.settings.useExtensions === true,
          expertSelection: lira.settings.useExpertSelection === true,
          createdAt: iso(lira.createdAt),
          updatedAt: iso(lira.updatedAt),
        }
      : null,
    aiSuggestions: rows.suggestions.map((s) => ({
      apartment: apartment(s.apartmentId),
      suggestedAt: iso(s.suggestedAt),
      kind: s.suggestionType === 'ALTERNATIVE' ? 'alternative' : 'main',
      relevancePercent: s.relevancePercent,
    })),
    subscriptions: rows.subs.map((s) => ({
      service: serviceName(s.serviceType),
      status: s.status,
      activeUntil: iso(s.expiredAt),
      autoRenewal: s.autoRenewal,
      method: s.method,
      periodDays: s.planDays,
      renewalAmount: s.planAmount,
      currency: s.planCurrency,
      freeDaysOnly: s.trial,
      createdAt: iso(s.createdAt),
    })),
    promocodes: rows.redemptions.map((r) => ({ code: r.code, redeemedAt: iso(r.redeemedAt) })),
    payments: rows.paid.map((p) => ({
      service: serviceName(p.serviceType),
      method: p.provider,
      kind: p.kind,
      days: p.days,
      amount: p.amount,
      currency: p.currency,
      promocode: p.promocode,
      status: p.status === 'REFUNDED' ? 'refunded' : 'paid',
      receiptEmail: p.receiptEmail,
      createdAt: iso(p.createdAt),
      completedAt: isoOrNull(p.completedAt),
    })),
    consents: rows.decisions.map((d) => ({
      purpose: d.purpose,
      given: d.given,
      version: d.version,
      decidedAt: iso(d.decidedAt),
      givenAt: isoOrNull(d.givenAt),
      channel: d.channel === 'tma' ? 'miniApp' : d.channel === 'web' ? 'website' : null,
    })),
    callbackRequests: rows.callbacks.map((c) => ({
      name: c.userName,
      phone: c.phone,
      city: c.cityName,
      page: c.refererUrl,
      about: c.extraField,
      requestedAt: iso(c.createdAt),
      consentAt: iso(c.consentAt),
      consentVersion: c.consentVersion,
    })),
  };
}
