import type { Apartment } from '../core/model';
import { fairPriceVerdict, marketIndex } from '../catalog/market';
import { availableNotices } from '../ranking';
import { buyerOf, indexExplainer } from '../selection/buyer-model';
import type { Database } from '../db/connection';
import type { CatalogueMemory } from '../catalog/memory';
import type { Engine } from '../ranking/engine';

/** What this module uses of the running server: handed over by the composition, never the whole of it. */
interface Needs {
  db: Database;
  memory: CatalogueMemory;
  engine: Engine;
}

/**
 * The apartment page's (and compare's) AI index: the same number as on every card, from the buyer's one model
 * (selection/buyer-model.ts), with what raised and lowered it: each wish, then what the ratings taught.
 */
export async function selectionInfo(ctx: Needs, apartment: Apartment, userId: number | null) {
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
