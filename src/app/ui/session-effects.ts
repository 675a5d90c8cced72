import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useUnit } from 'effector-react';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { $isAnonymous, $userId, cabinetProfileQuery, tokenRevoked } from '@/entities/session';
import { $navigateTo, navigationHandled } from '@/features/auth-modal';
import { ROUTES } from '@/shared/api';

/**
 * Spec §4 Session, the parts that touch the router and the cache: go to pendingNavigateTo after
 * sign-in; a new user (upgrade or downgrade) clears cached data; logging out on AGENT or FAV goes
 * HOME; an empty cabinet profile means the token was revoked.
 */
export function useSessionEffects(): void {
  const [navigateTo, handled, isAnonymous, userId, revoked] = useUnit([$navigateTo, navigationHandled, $isAnonymous, $userId, tokenRevoked]);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  const previousUser = useRef(userId);

  useEffect(() => {
    if (!navigateTo) return;
    handled();
    navigate(navigateTo);
  }, [navigateTo, handled, navigate]);

  useEffect(() => {
    if (previousUser.current === userId) return;
    const wasSignedIn = previousUser.current !== null;
    previousUser.current = userId;
    if (wasSignedIn) queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'city' });
    if (isAnonymous && (pathname === ROUTES.AGENT || pathname === ROUTES.FAV)) navigate(ROUTES.HOME);
  }, [userId, isAnonymous, pathname, navigate, queryClient]);

  const profile = useQuery({ ...cabinetProfileQuery(userId), enabled: userId !== null && !isAnonymous });
  useEffect(() => {
    if (profile.isSuccess && profile.data === null) revoked();
  }, [profile.isSuccess, profile.data, revoked]);
}
