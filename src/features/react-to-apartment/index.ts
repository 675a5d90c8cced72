export { ReactableCard } from './ui/reactable-card';
export { DislikeReasons } from './ui/dislike-reasons';
export { reactFx } from './model/reaction';
export { FavouriteToggle } from './ui/favourite-toggle';
