export { ReactionButtons, useReactedItem } from './ui/reaction-buttons';
export { ReactableCard } from './ui/reactable-card';
export { DislikeReasons } from './ui/dislike-reasons';
export { reactionRequested, dislikeStarted, dislikeReasonsSubmitted, reactFx, $optimistic, $optimisticNotices, $reactionVersion, $dislikeTarget } from './model/reaction';
export type { ReactionRequest, ReactionAction } from './model/reaction';
