export { ApartPage } from './ui/apart-page';
export type { ApartRouteData } from './lib/route-data';
