export { $renewingMethod, subscriptionActivated, verifyPaymentFx } from './verify';
export * from './payment';
export { monthly, paymentTerms, shownDays } from './terms';
