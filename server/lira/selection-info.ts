import type { Apartment } from '../core/model';
import { fairPriceVerdict, marketIndex } from '../catalog/market';
import { availableNotices } from '../ranking';
import { buyerOf, indexExplainer } from '../selection/buyer-model';
import type { SelectionNeeds } from '../selection/top';

/**
 * The apartment page's (and compare's) AI index: the same number as on every card, from the buyer's one model
 * (selection/buyer-model.ts), with what raised and lowered it: each wish, then what the ratings taught.
 */
export async function selectionInfo(ctx: SelectionNeeds, apartment: Apartment, userId: number | null) {
  const columns = ctx.engine.columns(apartment.cityId)!;
  const row = columns.rowOf.get(apartment.id)!;
  const buyer = await buyerOf(ctx, userId);
  const { relevancePercent, wishesTexts } = indexExplainer(ctx.engine, buyer)(apartment);
  return {
    apartmentId: apartment.id,
    relevancePercent: relevancePercent ?? 0,
    fairPrice: fairPriceVerdict(apartment, marketIndex(ctx.memory, apartment.cityId).reference(apartment)),
    availableNoticeList: availableNotices(columns, row),
    wishesTexts,
    agentProfile: buyer.lira !== null,
  };
}
