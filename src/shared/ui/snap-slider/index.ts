export { SnapSlider } from './snap-slider';
export { useNearViewport } from './use-near-viewport';
