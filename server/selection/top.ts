import type { ApartmentItem, MapBuilding } from '@kvarta/contract/catalog';
import type { TopProfilePayload } from '@kvarta/contract/selection';
import { apartmentItem } from '../ranking/views';
import { complexImage } from '../catalog/media-urls';
import { topRankQuery, withBuyerModel } from '../ranking';
import { buyerOf, indexExplainer, type Buyer } from './buyer-model';
import type { Reaction } from './repository/reactions';
import type { Database } from '../db/connection';
import type { CatalogueMemory } from '../catalog/memory';
import type { Engine } from '../ranking/engine';

/** What this module uses of the running server: handed over by the composition, never the whole of it. */
interface Needs {
  db: Database;
  memory: CatalogueMemory;
  engine: Engine;
}

const feedbackType = (r: Reaction | undefined): ApartmentItem['type'] =>
  r?.action === 'LIKE' ? 'LIKED' : r?.action === 'DISLIKE' ? 'DISLIKED' : 'NOT_VIEWED';

export function itemWithReaction(
  ctx: Needs,
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
  ctx: Needs,
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
export async function topSidebar(ctx: Needs, userId: number, ids: readonly number[]) {
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

/** Map buildings for the best-ranked listings: one marker per house with its cheapest price and best rank. */
export async function topMap(
  ctx: Needs,
  userId: number,
  profile: Partial<TopProfilePayload> & { cityIds: number[] },
  limit = 400,
): Promise<MapBuilding[]> {
  const cityId = profile.cityIds[0]!;
  const buyer = await buyerOf(ctx, userId);
  const reactions = buyer.reactions;
  const ranked = ctx.engine.rank(cityId, topQuery(buyer, profile, limit));
  const byHouse = new Map<number, MapBuilding>();
  ranked.items.forEach((r, place) => {
    const a = ctx.memory.apartments.get(r.id)!;
    const house = ctx.memory.houses.get(a.houseId)!;
    const building = byHouse.get(house.id) ?? {
      id: house.id,
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
    building.apartmentIds.push(a.id);
    building.priceTotalMin = Math.min(building.priceTotalMin, a.priceTotal);
    const reaction = reactions.get(a.id);
    if (reaction && !building.types.includes(reaction.action)) building.types.push(reaction.action);
    byHouse.set(house.id, building);
  });
  return [...byHouse.values()];
}
