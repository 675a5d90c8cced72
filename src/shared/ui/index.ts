export { Icon } from './icons';
export type { IconName } from './icons';
export { Modal, useDialogKeys } from './modal';
export { Toasts } from './toasts';
export { MapView } from './map';
export type { MapPoint, MapGeography } from './map';
export { Masonry, FEED_COLUMNS, columnCountFor, dealIntoColumns, useViewportWidth } from './masonry';
export type { MasonryEntry } from './masonry';
export { InlineError, ErrorText } from './inline-error';
export { lazyComponent, loadChunk, retryableFailure } from './lazy-component';
export { HydrationIsland, whenIslandsHydrated } from './hydration-island';
export { RadioButtons } from './radio-buttons';
export { PhotoSlider, useNearViewport } from './photo-slider';
// The platform's controls as native-controls/index.ts names them: the same list, kept in one place.
export * from './native-controls';
export { MoneyInput } from './money-input';
export { CustomTitle } from './custom-title';
export { useLazyChart } from './lazy-chart';
export type { ChartColours, ChartJs } from './lazy-chart';
