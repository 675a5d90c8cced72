export { ApartmentFeed } from './ui/apartment-feed';
export { adPositions, adSlotCode } from './lib/ads';
