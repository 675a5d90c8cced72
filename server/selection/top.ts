import type { ApartmentItem, MapBuilding } from '@kvarta/contract/catalog';
import type { TopProfilePayload } from '@kvarta/contract/selection';
import { apartmentItem } from '../ranking/views';
import { complexImage } from '../catalog/media-urls';
import { topRankQuery, withBuyerModel } from '../ranking';
import { buyerOf, indexExplainer, type Buyer, type BuyerNeeds } from './buyer-model';
import type { Reaction } from './repository/reactions';
import type { Apartment, House } from '../core/model';
import type { CatalogueMemory } from '../catalog/memory';

/** What this module uses of the running server: the buyer's model and the catalogue (also of lira/'s suggestions). */
export interface SelectionNeeds extends BuyerNeeds {
  memory: CatalogueMemory;
}

const feedbackType = (r: Reaction | undefined): ApartmentItem['type'] =>
  r?.action === 'LIKE' ? 'LIKED' : r?.action === 'DISLIKE' ? 'DISLIKED' : 'NOT_VIEWED';

export function itemWithReaction(
  ctx: SelectionNeeds,
  id: number,
  reactions: ReadonlyMap<number, Reaction>,
  extra: Parameters<typeof apartmentItem>[3] = {},
): ApartmentItem | null {
  const apartment = ctx.memory.apartments.get(id);
  if (!apartment) return null;
  const reaction = reactions.get(id);
  const item = apartmentItem(ctx.memory, ctx.engine, apartment, { type: feedbackType(reaction), ...extra });
  return reaction?.action === 'DISLIKE'
    ? {
        ...item,
        notices: item.availableNoticeList.Квартира
          .concat(item.availableNoticeList.Расположение)
          .filter((n) => reaction.notices.includes(n.key)),
      }
    : item;
}

/** The TOP ranking for a profile: page of the engine's order, each item with the user's reaction and their AI index. */
export async function topList(
  ctx: SelectionNeeds,
  /** null: a visitor without history (the guest TOP), so no reactions and nothing learned. */
  userId: number | null,
  profile: Partial<TopProfilePayload> & { cityIds: number[] },
  page: number,
  count: number,
) {
  const cityId = profile.cityIds[0]!;
  const buyer = await buyerOf(ctx, userId);
  const ranked = ctx.engine.rank(cityId, topQuery(buyer, profile, (page + 1) * count));
  const explain = indexExplainer(ctx.engine, buyer);
  const items = ranked.items
    .slice(page * count)
    .map((r) =>
      itemWithReaction(ctx, r.id, buyer.reactions, {
        selectionType: 'LEXS',
        isAlternative: r.isAlternative,
        // The ranking's own percent is this same function (rank() in ranking/query.ts); asked once more here so the
        // explanation and the number come from one place.
        ...explain({ id: r.id, cityId }),
      }),
    )
    .filter((i): i is ApartmentItem => i !== null);
  return { items, meta: { totalItems: ranked.total, page, size: count } };
}

/** TOP's query: the profile's filters and target price choose and order the flats, the buyer's model scores them. */
function topQuery(buyer: Buyer, profile: Partial<TopProfilePayload>, limit: number) {
  return withBuyerModel(topRankQuery(profile, limit, { seed: buyer.userId ?? 0 }), buyer.model);
}

/** A map marker's flats, grouped by the user's reaction, each with the same AI index as everywhere. */
export async function topSidebar(ctx: SelectionNeeds, userId: number, ids: readonly number[]) {
  const buyer = await buyerOf(ctx, userId);
  const explain = indexExplainer(ctx.engine, buyer);
  const groups: Record<'DISLIKED' | 'LIKED' | 'NOT_VIEWED', ApartmentItem[]> = { DISLIKED: [], LIKED: [], NOT_VIEWED: [] };
  for (const id of ids) {
    const apartment = ctx.memory.apartments.get(id);
    const item = apartment && itemWithReaction(ctx, id, buyer.reactions, explain(apartment));
    if (item) groups[item.type].push(item);
  }
  return groups;
}

/**
 * Puts a ranked apartment on its map marker (`key`: its house, or its complex when grouped): the marker's cheapest
 * price, its best rank (the first apartment's place) and the reactions seen on it.
 */
export function addToMarker(
  markers: Map<number, MapBuilding>,
  key: number,
  house: House,
  a: Apartment,
  place: number,
  reaction: Reaction | undefined,
): void {
  const marker = markers.get(key) ?? {
    id: key,
    apartmentIds: [],
    images: [complexImage(a.complexId, 1)],
    latitude: house.lat,
    longitude: house.lng,
    priceTotalMin: a.priceTotal,
    types: [],
    rankPlace: place + 1,
    monthlyPayment: null,
    mortgage: null,
  };
  marker.apartmentIds.push(a.id);
  marker.priceTotalMin = Math.min(marker.priceTotalMin, a.priceTotal);
  if (reaction && !marker.types.includes(reaction.action)) marker.types.push(reaction.action);
  markers.set(key, marker);
}

/** Map buildings for the best-ranked listings: one marker per house with its cheapest price and best rank. */
export async function topMap(
  ctx: SelectionNeeds,
  userId: number,
  profile: Partial<TopProfilePayload> & { cityIds: number[] },
  limit = 400,
): Promise<MapBuilding[]> {
  const cityId = profile.cityIds[0]!;
  const buyer = await buyerOf(ctx, userId);
  const ranked = ctx.engine.rank(cityId, topQuery(buyer, profile, limit));
  const byHouse = new Map<number, MapBuilding>();
  ranked.items.forEach((r, place) => {
    const a = ctx.memory.apartments.get(r.id)!;
    const house = ctx.memory.houses.get(a.houseId)!;
    addToMarker(byHouse, house.id, house, a, place, buyer.reactions.get(a.id));
  });
  return [...byHouse.values()];
}
