export { Masonry } from './masonry';
export type { MasonryEntry } from './masonry';
export { FEED_COLUMNS, columnCountFor, dealIntoColumns } from './columns';
export type { ColumnBreakpoints } from './columns';
