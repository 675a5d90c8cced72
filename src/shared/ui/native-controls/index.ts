export { useMainButton, useSecondaryButton, useClosingConfirmation, useSwipeGuard, useHaptics } from './hooks';
