export { CancelSubscriptionModal } from './ui/cancel-subscription-modal';
export { RecurrentPaymentModal } from './ui/recurrent-payment-modal';
export { SuccessModal, UnsuccessModal } from './ui/result-modals';
export { paymentReturned, subscriptionActivated, verifyPaymentFx } from './model';
