export {
  $analyticsAllowed,
  $analyticsChoiceShown,
  $analyticsDecision,
  analyticsChoiceDismissed,
  analyticsChoiceReopened,
  analyticsConsentStarted,
  analyticsDecided,
} from './model/units';
import './model/load-flow';
export { consentsQuery } from './api/consents-query';
