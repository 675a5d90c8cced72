export {
  $isAnonymous,
  $token,
  $userId,
  $sessionReady,
  $sessionFailed,
  sessionRetried,
  sessionStarted,
  anonymousFlagChangedElsewhere,
  loggedOut,
  tokenRevoked,
  tokenReceived,
  identityChanged,
  loadSessionFx,
  resetToAnonymousFx,
} from './model/session';
export type { SessionEnvironment } from './model/session';
export { cabinetProfileQuery } from './api/profile-query';
export { isTokenFresh } from './lib/jwt';
