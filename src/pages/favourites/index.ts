export { FavouritesPage } from './ui';
