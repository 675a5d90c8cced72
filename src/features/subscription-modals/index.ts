import { lazyComponent } from '@/shared/ui';
export const CancelSubscriptionModal = lazyComponent(
  () => import('./ui/cancel-subscription-modal'),
  (m) => m.CancelSubscriptionModal,
);
export const RecurrentPaymentModal = lazyComponent(
  () => import('./ui/recurrent-payment-modal'),
  (m) => m.RecurrentPaymentModal,
);
export const SuccessModal = lazyComponent(
  () => import('./ui/result-modals'),
  (m) => m.SuccessModal,
);
export const UnsuccessModal = lazyComponent(
  () => import('./ui/result-modals'),
  (m) => m.UnsuccessModal,
);
export { $renewingMethod, paymentReturned, renewingNote, subscriptionActivated, verifyPaymentFx } from './model/verify';
