export { MapView } from './map-view';
export type { MapPoint } from './types';
