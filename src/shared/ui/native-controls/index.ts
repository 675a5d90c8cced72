export {
  useMainButton,
  useSecondaryButton,
  useClosingConfirmation,
  useSwipeGuard,
  useHaptics,
  useWriteAccessRequest,
  useShareLink,
  useShareMessage,
  useRequestLocation,
  useNativeFullscreen,
  useNativeUi,
} from './hooks';
export { useBackLayer, useOpenLayerCount, closeTopLayer } from './back-layers';
