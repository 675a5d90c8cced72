export { ReactableCard } from './ui/reactable-card';
export { DislikeReasons } from './ui/dislike-reasons';
export { FavouriteToggle } from './ui/favourite-toggle';
export { reactionRequested, reactionSettled, sendReactionFx } from './model/reaction';
export { $reactionShadows } from './model/shadow';
export type { ReactionVariables } from './model/shadow';
export { readAgainAfterReaction } from './api/read-again';
export { $learned, learnedLine } from './model/learned';
