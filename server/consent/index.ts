export { consents } from './schema';
export { CONSENT_MERGE, recordDecision } from './repository';
export { consentStates, decideConsent, hasConsent, type ConsentNeeds, type WithdrawalEffects } from './service';
