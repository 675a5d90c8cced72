import { lazyComponent } from '@/shared/ui';
export const CallbackModal = lazyComponent(
  () => import('./ui/callback-modal'),
  (m) => m.CallbackModal,
);
export {
  callbackFormChanged,
  callbackSubmitted,
  callbackReset,
  sendCallbackFx,
  $formData,
  $submissionStatus,
  $successMessage,
  $errorMessage,
  INITIAL_FORM,
} from './model/callback';
