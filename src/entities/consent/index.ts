export {
  $analyticsAllowed,
  $analyticsChoiceShown,
  $analyticsDecision,
  analyticsChoiceDismissed,
  analyticsChoiceReopened,
  analyticsConsentStarted,
  analyticsDecided,
  readServerAnalyticsFx,
  sendAnalyticsDecisionFx,
} from './model/analytics-consent';
export { consentsQuery } from './api/consents-query';
export { consentWithdrawn, withdrawConsentFx } from './model/withdrawal';
