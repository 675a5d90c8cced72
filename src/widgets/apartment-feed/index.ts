export { ApartmentFeed } from './ui/apartment-feed';
