import type { Apartment } from '../catalog/generator';
import type { AppContext } from '../context';
import { fairPriceVerdict, marketIndex } from '../catalog/market';
import { availableNotices, liraRankQuery, scoreListing, wishesTexts } from '../ranking';
import { findLiraProfile } from './profiles';
import { profileWishes } from './suggestions';

/**
 * The apartment page's AI index. With the user's AI-search profile it is that profile's score and
 * explains each wish; without one it reflects value for money only and has no wishes to explain.
 */
export async function selectionInfo(ctx: AppContext, apartment: Apartment, userId: number | null) {
  const columns = ctx.engine.columns(apartment.cityId)!;
  const row = columns.rowOf.get(apartment.id)!;
  const profile = userId === null ? null : await findLiraProfile(ctx.db, userId);
  const query = profile ? liraRankQuery(profile.payload, profile.settings, { limit: 1, includeSold: true }) : { filters: {}, limit: 1 };
  const { relevancePercent } = scoreListing(columns, row, query);
  return {
    apartmentId: apartment.id,
    relevancePercent,
    fairPrice: fairPriceVerdict(apartment, marketIndex(ctx.memory, apartment.cityId).reference(apartment)),
    availableNoticeList: availableNotices(columns, row),
    wishesTexts: profile ? wishesTexts(columns, row, profileWishes(profile)) : [],
  };
}
