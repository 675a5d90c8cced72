export { Icon } from './icons';
export type { IconName } from './icons';
export { Modal } from './modal';
export { Toasts } from './toasts';
export { SectionPlaceholder } from './placeholder';
export { MapView, SchematicMap, clusterPoints } from './map';
export type { MapPoint, MapViewProps } from './map';
export { Masonry, FEED_COLUMNS, columnCountFor, dealIntoColumns } from './masonry';
export type { MasonryEntry, ColumnBreakpoints } from './masonry';
