export { FavouriteMark } from './ui/favourite-mark';
export { FavouriteAlerts } from './ui/favourite-alerts';
