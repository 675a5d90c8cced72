import { lazyComponent } from '@/shared/ui';
import './model/load-flow';
export const AuthModal = lazyComponent(() => import('./ui/auth-modal'), 'AuthModal');
export {
  authModalOpened,
  authButtonClicked,
  authModalDismissed,
  authEnvironmentSet,
  bindingStreamAnswered,
  navigationHandled,
  $navigateTo,
  $streamPending,
} from './model/units';
export type { AuthEnvironment } from './model/units';
export { classifyStreamData, AUTH_ERRORS } from './lib/stream-message';
export type { StreamResult } from './lib/stream-message';
