export { MapView } from './map-view';
export { SchematicMap } from './schematic-map';
export { clusterPoints } from './cluster';
export type { MapPoint, MapViewProps } from './types';
