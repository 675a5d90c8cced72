export { PhotoSlider } from './photo-slider';
export { useNearViewport } from './use-near-viewport';
