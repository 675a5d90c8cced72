import type { ApartmentItem, MapBuilding, Notice } from '@kvarta/contract/catalog';
import type { LiraFilters, LiraStatistics } from '@kvarta/contract/lira';
import { LIRA_SERVICE_TYPE, isAnyDeadline, type LiraSort } from '@kvarta/contract/lira-rules';
import type { Apartment } from '../core/model';
import { liraRankQuery, wireImportance, type WishWeight } from '../ranking';
import { PORTRAITS } from '../catalog/content/portraits';
import { reactionsOf, type Reaction } from '../selection/repository/reactions';
import { buyerOf, indexExplainer, type IndexedFlat } from '../selection/buyer-model';
import { addToMarker, itemWithReaction, type SelectionNeeds } from '../selection/top';
import { suggestionsOf, type StoredProfile, type SuggestionRow } from './repository';
import { rub } from '../lib/format';

export { suggestionsOf, type SuggestionRow } from './repository';

/** The profile's wishes (and the portrait's priors) as the engine weighs them, for `wishesTexts`. */
export function profileWishes(profile: StoredProfile): WishWeight[] {
  const out = new Map<string, WishWeight>();
  for (const [code, value] of Object.entries(profile.payload.wishGroups)) {
    const importance = wireImportance(value);
    if (importance) out.set(code, { code, importance });
  }
  for (const wish of PORTRAITS.find((p) => p.id === profile.payload.portraitId)?.wishes ?? [])
    if (!out.has(wish.code)) out.set(wish.code, wish);
  return [...out.values()];
}

/** Why an alternative is one: which filter it passes only thanks to an extension (shown as notices). */
export function alternativeNotices(a: Apartment, f: LiraFilters): Notice[] {
  const out: Notice[] = [];
  if (
    (f.priceTotalMinLte !== null && a.priceTotal > f.priceTotalMinLte) ||
    (f.priceTotalMinGte !== null && a.priceTotal < f.priceTotalMinGte)
  ) {
    out.push({
      key: 'ALT_PRICE',
      title:
        a.priceTotal > (f.priceTotalMinLte ?? Infinity)
          ? `Дороже бюджета на ${rub(a.priceTotal - f.priceTotalMinLte!)}`
          : 'Дешевле выбранного диапазона',
      priority: 1,
    });
  }
  if (f.roomsCntForFilter.length > 0 && !f.roomsCntForFilter.includes(Math.min(4, a.roomsCnt)))
    out.push({ key: 'ALT_ROOMS', title: 'Другое число комнат', priority: 2 });
  if (!isAnyDeadline(f.deadlineLte) && !a.stageIsPut && a.deadline > f.deadlineLte)
    out.push({ key: 'ALT_DEADLINE', title: 'Срок сдачи позже', priority: 3 });
  if ((f.realtyType === 'NEW' && a.realtyType !== 'NEW') || (f.realtyType === 'RESALE' && a.realtyType !== 'RESALE')) {
    out.push({ key: 'ALT_REALTY_TYPE', title: a.realtyType === 'NEW' ? 'Новостройка' : 'Вторичка', priority: 4 });
  }
  if (f.areaIds.length + f.metroIds.length > 0 && !f.areaIds.includes(a.areaId) && out.length === 0)
    out.push({ key: 'ALT_LOCATION', title: 'Рядом с выбранным районом', priority: 5 });
  return out;
}

/** One suggestion as the feed shows it: the TOP item with LIRA's fields, and the buyer's AI index of it now. */
export function suggestionItem(
  ctx: SelectionNeeds,
  profile: StoredProfile,
  s: SuggestionRow,
  reactions: ReadonlyMap<number, Reaction>,
  indexed: IndexedFlat,
): ApartmentItem | null {
  const apartment = ctx.memory.apartments.get(s.apartmentId);
  if (!apartment) return null;
  const item = itemWithReaction(ctx, s.apartmentId, reactions, {
    selectionType: LIRA_SERVICE_TYPE,
    ...indexed,
    isAlternative: s.suggestionType === 'ALTERNATIVE',
    suggestionDate: s.suggestedAt.toISOString(),
    suggestionType: s.suggestionType,
  });
  if (!item) return null;
  // A dislike shows its reasons; otherwise an alternative says what it widens.
  if (item.type !== 'DISLIKED' && s.suggestionType === 'ALTERNATIVE')
    return { ...item, notices: alternativeNotices(apartment, profile.payload.filters) };
  return item;
}

const SORTERS: Record<LiraSort, (a: { s: SuggestionRow; price: number }, b: { s: SuggestionRow; price: number }) => number> = {
  SUGGESTION_DATE_DESC: (a, b) =>
    b.s.suggestedAt.getTime() - a.s.suggestedAt.getTime() ||
    b.s.relevancePercent - a.s.relevancePercent ||
    a.s.apartmentId - b.s.apartmentId,
  RELEVANCE_DESC: (a, b) => b.s.relevancePercent - a.s.relevancePercent || a.s.apartmentId - b.s.apartmentId,
  RELEVANCE_ASC: (a, b) => a.s.relevancePercent - b.s.relevancePercent || a.s.apartmentId - b.s.apartmentId,
  PRICE_ASC: (a, b) => a.price - b.price || a.s.apartmentId - b.s.apartmentId,
  PRICE_DESC: (a, b) => b.price - a.price || a.s.apartmentId - b.s.apartmentId,
};

/**
 * Suggestions still in the catalogue, sold/reserved ones only when asked, in the chosen order, each with the buyer's
 * AI index of it now (the one stored with a suggestion is what it was when suggested: the order by index uses today's).
 */
async function visibleSuggestions(ctx: SelectionNeeds, userId: number, sort: LiraSort, showSold: boolean) {
  const [rows, buyer] = await Promise.all([suggestionsOf(ctx.db, userId, true), buyerOf(ctx, userId)]);
  const explain = indexExplainer(ctx.engine, buyer);
  const visible = rows
    .map((s) => ({ s, apartment: ctx.memory.apartments.get(s.apartmentId) }))
    .filter(
      (x): x is { s: SuggestionRow; apartment: Apartment } => x.apartment !== undefined && (showSold || x.apartment.status === 'ACTIVE'),
    )
    .map((x) => {
      const indexed = explain(x.apartment);
      return {
        ...x,
        s: { ...x.s, relevancePercent: indexed.relevancePercent ?? x.s.relevancePercent },
        indexed,
        price: x.apartment.priceTotal,
      };
    })
    .sort(SORTERS[sort]);
  return { visible, reactions: buyer.reactions };
}

export async function liraVariantList(
  ctx: SelectionNeeds,
  profile: StoredProfile,
  q: { size: number; page: number; sort: LiraSort; showSold: boolean },
) {
  const { visible, reactions } = await visibleSuggestions(ctx, profile.userId, q.sort, q.showSold);
  const items = visible
    .slice(q.page * q.size, (q.page + 1) * q.size)
    .map((x) => suggestionItem(ctx, profile, x.s, reactions, x.indexed))
    .filter((i): i is ApartmentItem => i !== null);
  return { items, meta: { totalItems: visible.length, page: q.page, size: q.size } };
}

/** Map markers of the suggestions: per house (`grouped` = per complex), cheapest price and best rank. */
export async function liraMap(ctx: SelectionNeeds, profile: StoredProfile, showSold: boolean, grouped: boolean): Promise<MapBuilding[]> {
  const { visible, reactions } = await visibleSuggestions(ctx, profile.userId, 'RELEVANCE_DESC', showSold);
  const markers = new Map<number, MapBuilding>();
  visible.forEach(({ apartment: a }, place) => {
    const house = ctx.memory.houses.get(a.houseId);
    if (!house) return;
    addToMarker(markers, grouped ? a.complexId : house.id, house, a, place, reactions.get(a.id));
  });
  return [...markers.values()];
}

/** The sidebar (a map marker's apartments): suggested ones with their LIRA fields, others as plain items; all indexed. */
export async function liraSidebar(ctx: SelectionNeeds, userId: number, ids: number[]): Promise<ApartmentItem[]> {
  const buyer = await buyerOf(ctx, userId);
  const explain = indexExplainer(ctx.engine, buyer);
  const profile = buyer.lira;
  const suggested = new Map(profile ? (await suggestionsOf(ctx.db, userId, true)).map((s) => [s.apartmentId, s]) : []);
  const out: ApartmentItem[] = [];
  for (const id of ids) {
    const apartment = ctx.memory.apartments.get(id);
    if (!apartment) continue;
    const s = suggested.get(id);
    const item =
      s && profile
        ? suggestionItem(ctx, profile, s, buyer.reactions, explain(apartment))
        : itemWithReaction(ctx, id, buyer.reactions, { selectionType: LIRA_SERVICE_TYPE, ...explain(apartment) });
    if (item) out.push(item);
  }
  return out;
}

export async function liraStatistics(ctx: SelectionNeeds, profile: StoredProfile): Promise<LiraStatistics> {
  const [rows, reactions] = await Promise.all([suggestionsOf(ctx.db, profile.userId, true), reactionsOf(ctx.db, profile.userId)]);
  let liked = 0;
  let disliked = 0;
  let alternatives = 0;
  let last: Date | null = null;
  for (const s of rows) {
    const action = reactions.get(s.apartmentId)?.action;
    if (action === 'LIKE') liked++;
    else if (action === 'DISLIKE') disliked++;
    if (s.suggestionType === 'ALTERNATIVE') alternatives++;
    if (!last || s.suggestedAt > last) last = s.suggestedAt;
  }
  const cityId = profile.payload.filters.cityIds[0]!;
  const matching = ctx.engine.rank(cityId, liraRankQuery(profile.payload, profile.settings, { limit: 1 })).total;
  return {
    status: profile.status,
    total: rows.length,
    liked,
    disliked,
    notViewed: rows.length - liked - disliked,
    alternatives,
    matching,
    lastSuggestionDate: last?.toISOString() ?? null,
  };
}

/** Listings that fail the filters but still rank: the filters-check answer (spec §4 badFiltersConfirm). */
export const BAD_FILTERS_THRESHOLD = 10;

export function filtersCheck(
  ctx: SelectionNeeds,
  payload: { filters: LiraFilters; portraitId?: number | null; wishGroups?: Record<string, string | null> },
  settings: StoredProfile['settings'] | null,
) {
  const cityId = payload.filters.cityIds[0]!;
  const strict = ctx.engine.rank(cityId, liraRankQuery(payload, null, { limit: 1 }));
  const wide = settings ? ctx.engine.rank(cityId, liraRankQuery(payload, settings, { limit: 1 })) : strict;
  return {
    count: wide.total,
    strictCount: strict.strictTotal,
    badFilters: strict.strictTotal < BAD_FILTERS_THRESHOLD,
    threshold: BAD_FILTERS_THRESHOLD,
  };
}
