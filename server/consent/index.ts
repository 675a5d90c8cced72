export { CONSENT_MERGE, recordDecision } from './repository';
