import { useQuery } from '@tanstack/react-query';
import { useUnit } from 'effector-react';
import { useEffect, useEffectEvent, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { $isAnonymous, $sessionReady, $userId, cabinetProfileQuery, tokenRevoked } from '@/entities/session';
import { usePlatform } from '@platform';
import { $navigateTo, $streamPending, authModalDismissed, authModalOpened, navigationHandled } from '@/features/auth-modal';
import { $modal } from '@/shared/model';
import { ROUTES } from '@/shared/api';

/**
 * Spec §4 Session, the parts that touch the router: go to pendingNavigateTo after sign-in; logging
 * out on AGENT or FAV goes HOME; an empty cabinet profile means the token was revoked. (A new
 * identity clearing the cached data is the session model's: `identityChanged`.)
 */
export function useSessionEffects(): void {
  const [navigateTo, handled, isAnonymous, userId, revoked] = useUnit([
    $navigateTo,
    navigationHandled,
    $isAnonymous,
    $userId,
    tokenRevoked,
  ]);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [ready, modal, streamPending, openAuth, dismissAuth] = useUnit([
    $sessionReady,
    $modal,
    $streamPending,
    authModalOpened,
    authModalDismissed,
  ]);
  // Where the platform says who the user is (Telegram), there is nothing to bind.
  const platformSaysWho = usePlatform().auth.identity === 'platform';

  // Spec §4 "Auth modal flow" on route change: an anonymous user on AGENT gets the binding modal;
  // leaving AGENT with the stream still waiting closes it.
  // Only route changes and the session state drive this: the modal's own state, read when they
  // change, must not re-trigger it.
  const routeOrSessionChanged = useEffectEvent(() => {
    if (pathname === ROUTES.AGENT && ready && isAnonymous && !platformSaysWho && modal?.id !== 'auth') {
      openAuth({ authType: 'binding', pendingNavigateTo: ROUTES.AGENT });
    }
    if (pathname !== ROUTES.AGENT && modal?.id === 'auth' && streamPending) dismissAuth();
  });
  useEffect(() => routeOrSessionChanged(), [pathname, ready, isAnonymous]);

  useEffect(() => {
    if (!navigateTo) return;
    handled();
    void navigate(navigateTo);
  }, [navigateTo, handled, navigate]);

  // Only a signed-in user becoming anonymous (logout, a revoked token) leaves: the session's own start (no user, then
  // an anonymous one) must not throw a visitor who reached AGENT before it off the page.
  const signedIn = userId !== null && !isAnonymous;
  const wasSignedIn = useRef(signedIn);
  useEffect(() => {
    const loggedOut = wasSignedIn.current && !signedIn;
    wasSignedIn.current = signedIn;
    if (loggedOut && (pathname === ROUTES.AGENT || pathname === ROUTES.FAV)) void navigate(ROUTES.HOME);
  }, [signedIn, pathname, navigate]);

  const profile = useQuery({ ...cabinetProfileQuery(userId), enabled: userId !== null && !isAnonymous });
  useEffect(() => {
    if (profile.isSuccess && profile.data === null) revoked();
  }, [profile.isSuccess, profile.data, revoked]);
}
