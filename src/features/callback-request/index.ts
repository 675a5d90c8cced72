import { lazyComponent } from '@/shared/ui';

// The form's model arrives with the modal: nothing on the first screen sends a call-back request.
export const CallbackModal = lazyComponent(() => import('./ui/callback-modal'), 'CallbackModal');
