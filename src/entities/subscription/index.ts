export { deriveSubscription } from './lib/derive';
export type { Subscription, SubscriptionStatus, DerivedSubscription } from './lib/derive';
export { createSubscription, cancelSubscription, checkPromocode, fetchPayment, periodsQuery } from './api/subscription';
export {
  $subscription,
  subscriptionRefreshRequested,
  subscriptionExpired,
  subscriptionReset,
  subscriptionReceived,
  fetchSubscriptionFx,
  loadSubscriptionFx,
} from './model/subscription';
