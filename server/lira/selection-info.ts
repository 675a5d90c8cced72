import type { Apartment } from '../core/model';
import { fairPriceVerdict, marketIndex } from '../catalog/market';
import { availableNotices, learnedTexts, liraRankQuery, scoreListing, wishesTexts, type RankQuery } from '../ranking';
import { reactionsOf } from '../selection/repository/reactions';
import { findLiraProfile } from './profiles';
import { profileWishes } from './suggestions';
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
 * The apartment page's AI index: the user's AI-search profile (when there is one) and the taste learned from their
 * ratings. It explains each wish and what was learned; with neither there is nothing to explain.
 */
export async function selectionInfo(ctx: Needs, apartment: Apartment, userId: number | null) {
  const columns = ctx.engine.columns(apartment.cityId)!;
  const row = columns.rowOf.get(apartment.id)!;
  const [profile, reactions] =
    userId === null ? [null, new Map()] : await Promise.all([findLiraProfile(ctx.db, userId), reactionsOf(ctx.db, userId)]);
  const ratings = ctx.engine.ratings(reactions);
  const query: RankQuery = profile
    ? liraRankQuery(profile.payload, profile.settings, { limit: 1, includeSold: true, ratings })
    : { filters: {}, ratings, limit: 1 };
  const { relevancePercent } = scoreListing(columns, row, query);
  const taste = reactions.size > 0 ? ctx.engine.taste(apartment.cityId, reactions) : undefined;
  return {
    apartmentId: apartment.id,
    relevancePercent,
    fairPrice: fairPriceVerdict(apartment, marketIndex(ctx.memory, apartment.cityId).reference(apartment)),
    availableNoticeList: availableNotices(columns, row),
    wishesTexts: [
      ...(profile ? wishesTexts(columns, row, profileWishes(profile)) : []),
      ...(taste ? learnedTexts(columns, row, taste) : []),
    ],
  };
}
