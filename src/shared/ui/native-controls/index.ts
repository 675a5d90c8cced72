export { useMainButton, useSecondaryButton, useClosingConfirmation, useSwipeGuard } from './hooks';
export type { NativeButtonOptions } from './hooks';
