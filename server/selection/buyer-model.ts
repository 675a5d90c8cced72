import type { Apartment } from '../core/model';
import { FIRST_PRESET_WISHES, PORTRAITS } from '../catalog/content';
import { aiIndex, learnedTexts, wireImportance, wishesTexts, type BuyerModel, type Taste, type WishWeight } from '../ranking';
import type { WishText } from '../ranking/explain';
import { findLiraProfile, type StoredProfile } from '../lira/repository';
import { userSelection } from './user-selection';
import type { Reaction } from './repository/reactions';
import type { Database } from '../db/connection';
import type { Engine } from '../ranking/engine';

/** What this module uses of the running server: handed over by the composition, never the whole of it. */
export interface BuyerNeeds {
  db: Database;
  engine: Engine;
}

/** One buyer as every surface reads them: their model, their reactions and, when they made one, their AI search. */
export interface Buyer {
  userId: number | null;
  model: BuyerModel;
  reactions: ReadonlyMap<number, Reaction>;
  lira: StoredProfile | null;
  /**
   * «Персональные рекомендации» (149-FZ art. 10.2-2). Off: the model is an anonymous buyer's with the same TOP
   * settings (the preset's wishes, no ratings, no AI search wishes), so every surface shows that one index; the
   * reactions are still shown on the cards as the person's own marks, nothing is learned from them.
   */
  personalised: boolean;
}

const wishList = (wishes: Record<string, string | null>): WishWeight[] =>
  Object.entries(wishes).flatMap(([code, value]) => {
    const importance = wireImportance(value);
    return importance ? [{ code, importance }] : [];
  });

/**
 * The buyer's priors: AI search's wishes and its portrait when there is an AI search profile (its filters only choose
 * what AI search shows), else the wishes of the TOP preset they picked, else the first preset's (an anonymous buyer).
 */
export function buyerPriors(lira: StoredProfile | null, topWishes: Record<string, string> | undefined) {
  if (lira)
    return {
      wishes: wishList(lira.payload.wishGroups),
      portraitWishes: PORTRAITS.find((p) => p.id === lira.payload.portraitId)?.wishes ?? [],
    };
  const top = topWishes && Object.keys(topWishes).length > 0 ? topWishes : FIRST_PRESET_WISHES;
  return { wishes: wishList(top), portraitWishes: [] };
}

/**
 * The one model of this buyer: the priors above, and every rating they gave (TOP, AI search, a bot message — all
 * kept in the reactions table). `userId` null is a visitor the server knows nothing about.
 */
export async function buyerOf(ctx: BuyerNeeds, userId: number | null): Promise<Buyer> {
  if (userId === null)
    return { userId, model: { ...buyerPriors(null, undefined), ratings: [] }, reactions: new Map(), lira: null, personalised: true };
  const [{ profile, reactions, personalised }, lira] = await Promise.all([userSelection(ctx.db, userId), findLiraProfile(ctx.db, userId)]);
  const model = personalised
    ? { ...buyerPriors(lira, profile?.wishes), ratings: ctx.engine.ratings(reactions) }
    : { ...buyerPriors(null, profile?.wishes), ratings: [] };
  return { userId, model, reactions, lira, personalised };
}

/** The wishes a flat's explanation goes through: the stated ones, then the portrait's not stated again. */
function explainedWishes(model: BuyerModel): WishWeight[] {
  const stated = new Set(model.wishes.map((w) => w.code));
  return [...model.wishes, ...model.portraitWishes.filter((w) => !stated.has(w.code))];
}

export interface IndexedFlat {
  relevancePercent: number | null;
  /** Per wish how well the flat fits it, then what the ratings taught: what raised the index and what lowered it. */
  wishesTexts: WishText[];
}

/**
 * The index and its explanation for any number of flats of one buyer (a list, a page, a message): what the ratings
 * taught is learned once per city, not once per flat.
 */
export function indexExplainer(engine: Engine, buyer: Buyer): (apartment: Pick<Apartment, 'id' | 'cityId'>) => IndexedFlat {
  const cities = new Map<number, { index: (row: number) => number; taste: Taste | undefined }>();
  const wishes = explainedWishes(buyer.model);
  return (apartment) => {
    const columns = engine.columns(apartment.cityId);
    const row = columns?.rowOf.get(apartment.id);
    if (!columns || row === undefined) return { relevancePercent: null, wishesTexts: [] };
    let city = cities.get(apartment.cityId);
    if (!city) {
      const taste = buyer.personalised && buyer.reactions.size > 0 ? engine.taste(apartment.cityId, buyer.reactions) : undefined;
      city = { index: aiIndex(columns, buyer.model), taste };
      cities.set(apartment.cityId, city);
    }
    const { index, taste } = city;
    return {
      relevancePercent: index(row),
      wishesTexts: [...wishesTexts(columns, row, wishes), ...(taste ? learnedTexts(columns, row, taste) : [])],
    };
  };
}
