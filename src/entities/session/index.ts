export {
  $isAnonymous, $token, $userId, $sessionReady, sessionStarted, anonymousFlagChangedElsewhere, loggedOut, tokenRevoked, tokenReceived,
  loadSessionFx, resetToAnonymousFx,
} from './model/session';
export type { SessionEnvironment } from './model/session';
export { cabinetProfileQuery, profileKeys } from './api/profile-query';
export type { CabinetProfile } from './api/profile-query';
export { decodeTokenPayload, isTokenFresh } from './lib/jwt';
export { loginFromUrl } from './lib/login-from-url';
