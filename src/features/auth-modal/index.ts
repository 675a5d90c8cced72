import { lazyComponent } from '@/shared/ui';
export const AuthModal = lazyComponent(() => import('./ui/auth-modal'), 'AuthModal');
export {
  authModalOpened,
  authButtonClicked,
  authModalDismissed,
  authEnvironmentSet,
  navigationHandled,
  $navigateTo,
  $streamPending,
  fetchBindingInfoFx,
  listenStreamFx,
} from './model/auth-modal';
export type { AuthEnvironment } from './model/auth-modal';
export { classifyStreamData, AUTH_ERRORS } from './lib/stream-message';
export type { StreamResult } from './lib/stream-message';
