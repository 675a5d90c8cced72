export { $renewingMethod, subscriptionActivated, verifyPaymentFx } from './verify';
export * from './payment';
export { monthly, payButtonState, paymentTerms, shownDays } from './terms';
