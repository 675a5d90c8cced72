export { ReactableCard } from './ui/reactable-card';
export { DislikeReasons } from './ui/dislike-reasons';
export { reactFx } from './model/reaction';
