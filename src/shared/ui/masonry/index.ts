export { Masonry, useViewportWidth } from './masonry';
export type { MasonryEntry } from './masonry';
export { FEED_COLUMNS, columnCountFor, dealIntoColumns } from './columns';
