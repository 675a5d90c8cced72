export { ApartmentFeed } from './ui/apartment-feed';
export { adPositions } from './lib/ads';
