export { deriveSubscription, expiredAtMs, DAY_MS } from './lib/derive';
export type { Subscription, SubscriptionStatus, DerivedSubscription } from './lib/derive';
export {
  fetchSubscription, subscriptionQuery, subscriptionKeys, SERVICE_TYPE, createSubscription, cancelSubscription, checkPromocode, fetchPayment, periodsQuery,
} from './api/subscription';
export {
  $subscription, $subscriptionLoaded, subscriptionRefreshRequested, subscriptionExpired, subscriptionReset, subscriptionReceived, fetchSubscriptionFx,
  loadSubscriptionFx, waitForExpiryFx, stopExpiryTimerFx,
} from './model/subscription';
