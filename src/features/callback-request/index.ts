export { CallbackModal } from './ui/callback-modal';
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
