import { lazyComponent } from '@/shared/ui';
export const CancelSubscriptionModal = lazyComponent(() => import('./ui/cancel-subscription-modal'), 'CancelSubscriptionModal');
export const RecurrentPaymentModal = lazyComponent(() => import('./ui/recurrent-payment-modal'), 'RecurrentPaymentModal');
export const SuccessModal = lazyComponent(() => import('./ui/result-modals'), 'SuccessModal');
export const UnsuccessModal = lazyComponent(() => import('./ui/result-modals'), 'UnsuccessModal');
export { $renewingMethod, paymentReturned, renewingNote, subscriptionActivated, verifyPaymentFx } from './model/verify';
