import type { ApartmentItem, MapBuilding } from '@kvarta/contract/catalog';
import type { TopProfilePayload } from '@kvarta/contract/selection';
import { apartmentItem } from '../ranking/views';
import { complexImage } from '../catalog/media-urls';
import { learnedTexts, topRankQuery } from '../ranking';
import type { Reaction } from './repository/reactions';
import { userSelection } from './user-selection';
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

/** The ratings the engine learns from, and a per-user seed so a user's exploration is theirs and stable. */
export function learnedOf(ctx: Needs, userId: number | null, reactions: ReadonlyMap<number, Reaction>) {
  return { ratings: ctx.engine.ratings(reactions), seed: userId ?? 0 };
}

/** The TOP ranking for a profile: page of the engine's order, each item with the user's reaction. */
export async function topList(
  ctx: Needs,
  /** null: a visitor without history (the guest TOP), so no reactions and nothing learned. */
  userId: number | null,
  profile: Partial<TopProfilePayload> & { cityIds: number[] },
  page: number,
  count: number,
) {
  const cityId = profile.cityIds[0]!;
  const reactions = userId === null ? new Map<number, Reaction>() : (await userSelection(ctx.db, userId)).reactions;
  const ranked = ctx.engine.rank(cityId, topRankQuery(profile, (page + 1) * count, learnedOf(ctx, userId, reactions)));
  const taste = reactions.size > 0 ? ctx.engine.taste(cityId, reactions) : undefined;
  const items = ranked.items
    .slice(page * count)
    .map((r) =>
      itemWithReaction(ctx, r.id, reactions, {
        selectionType: 'LEXS',
        relevancePercent: r.relevancePercent,
        isAlternative: r.isAlternative,
        wishesTexts: taste && ranked.columns ? learnedTexts(ranked.columns, r.row, taste) : [],
      }),
    )
    .filter((i): i is ApartmentItem => i !== null);
  return { items, meta: { totalItems: ranked.total, page, size: count } };
}

/** Map buildings for the best-ranked listings: one marker per house with its cheapest price and best rank. */
export async function topMap(
  ctx: Needs,
  userId: number,
  profile: Partial<TopProfilePayload> & { cityIds: number[] },
  limit = 400,
): Promise<MapBuilding[]> {
  const cityId = profile.cityIds[0]!;
  const { reactions } = await userSelection(ctx.db, userId);
  const ranked = ctx.engine.rank(cityId, topRankQuery(profile, limit, learnedOf(ctx, userId, reactions)));
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
