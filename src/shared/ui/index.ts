export { Icon } from './icons';
export type { IconName } from './icons';
export { Modal } from './modal';
export { Toasts } from './toasts';
export { MapView } from './map';
export type { MapPoint } from './map';
export { Masonry, FEED_COLUMNS, columnCountFor, dealIntoColumns, useViewportWidth } from './masonry';
export type { MasonryEntry } from './masonry';
export { InlineError } from './inline-error';
