export { buildColumns, FLAG } from './columns';
export type { CityColumns } from './columns';
export { rank, scoreListing, aiIndex, withBuyerModel, ORDER_TOLERANCE } from './query';
export type { RankQuery, WishWeight, BuyerModel } from './query';
export { learnedTexts } from './taste/explain';
export type { Taste, TasteRating } from './taste/model';
export { ratingOfRow } from './taste/ratings';
export { wishesTexts, availableNotices } from './explain';
export { topRankQuery, liraRankQuery, wireImportance } from './profiles';
