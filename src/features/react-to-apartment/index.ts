export { ReactableCard } from './ui/reactable-card';
export { DislikeReasons } from './ui/dislike-reasons';
export { FavouriteToggle } from './ui/favourite-toggle';
export { reactionMutationOptions } from './api/reaction';
export type { ReactionVariables } from './api/reaction';
