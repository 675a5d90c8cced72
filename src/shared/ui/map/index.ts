export { MapView } from './map-view';
export type { MapPoint, MapGeography } from './types';
