import type { CityColumns } from '../city-columns';
import { DIMENSION_COUNT, writeTasteValues } from './dimensions';
import type { TasteRating } from './model';

/**
 * The model learns from the most recent ratings only: tastes drift, and a user who rated thousands of listings must
 * not make every one of their requests learn from all of them.
 */
export const MAX_RATINGS = 400;

export interface StoredReaction {
  action: 'LIKE' | 'DISLIKE';
  notices: readonly string[];
}

/**
 * The user's reactions as the taste model reads them. Kept in the reactions table, not in a model of their own, so
 * TOP and AI search learn from the same ratings, a sign-in that merges reactions merges the taste, and a listing
 * rated in one city teaches the model in another (values are raw roubles and metres, binned per city). `reactions`
 * come newest first (reactionsOf).
 */
export function tasteRatings(
  memory: { apartments: ReadonlyMap<number, { cityId: number }> },
  columnsOf: (cityId: number) => CityColumns | undefined,
  reactions: ReadonlyMap<number, StoredReaction>,
): TasteRating[] {
  const out: TasteRating[] = [];
  for (const [id, reaction] of reactions) {
    if (out.length >= MAX_RATINGS) break;
    const apartment = memory.apartments.get(id);
    const c = apartment && columnsOf(apartment.cityId);
    const row = c?.rowOf.get(id);
    if (c && row !== undefined) out.push(ratingOfRow(c, row, reaction));
  }
  return out;
}

export function ratingOfRow(c: CityColumns, row: number, reaction: StoredReaction): TasteRating {
  return {
    values: writeTasteValues(c, row, new Float64Array(DIMENSION_COUNT)),
    areaId: c.areaId[row]!,
    complexId: c.complexId[row]!,
    liked: reaction.action === 'LIKE',
    reasons: reaction.action === 'DISLIKE' ? reaction.notices : [],
    apartmentId: c.id[row]!,
  };
}
