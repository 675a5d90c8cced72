import { useUnit } from 'effector-react';
import { useLocation, useNavigate } from 'react-router-dom';
import { $drawer, drawerViewRequested, notificationShown } from '@/shared/model';
import { usePlatform } from '@platform';
import { $isAnonymous, loadSessionFx } from '@/entities/session';
import { authModalOpened } from '@/features/auth-modal';
import { ROUTES } from '@/shared/api';
import { currentRoute, settingsUnavailableReason, settingsViewFor, viewModeRouteFor } from '../lib/routes';
import { menuClosed } from '../model/menu';

/** What every navigation surface needs: where we are and what each button does. */
export function useNavActions() {
  const location = useLocation();
  const navigate = useNavigate();
  const [isAnonymous, openChat, openAuth, closeMenu, chat, signInAgain, notify] = useUnit([
    $isAnonymous,
    drawerViewRequested,
    authModalOpened,
    menuClosed,
    $drawer,
    loadSessionFx,
    notificationShown,
  ]);
  // Where the platform says who the user is (Telegram's initData): sign in again with it, never the login modal.
  const platformSaysWho = usePlatform().auth.identity === 'platform';
  const requireSignIn = (authType: 'login' | 'binding', pendingNavigateTo?: string) => {
    if (platformSaysWho) void signInAgain().then(() => pendingNavigateTo && navigate(pendingNavigateTo));
    else openAuth({ authType, pendingNavigateTo });
  };
  const route = currentRoute(location.pathname);
  const settingsView = settingsViewFor(route, isAnonymous);
  return {
    isAnonymous,
    requireSignIn,
    settingsView,
    viewModeRoute: viewModeRouteFor(route),
    assistantOpen: chat.isOpen && chat.view === 'FAQ',
    openAssistant: () => {
      closeMenu();
      openChat('FAQ');
    },
    /** A greyed 'Настройки' is still tappable: it says why it does nothing here. */
    openSettings: () => {
      if (settingsView) openChat(settingsView);
      else notify({ text: settingsUnavailableReason(route, isAnonymous) ?? '', type: 'info', lifeTime: 4_000 });
    },
    /** An anonymous user who clicks AI search gets the binding modal instead (spec §2). */
    goToLira: (event?: { preventDefault(): void }) => {
      closeMenu();
      if (!isAnonymous) return;
      event?.preventDefault();
      requireSignIn('binding', ROUTES.AGENT);
    },
    /** A button into AI search (the promo block): navigate, or bind first when anonymous. */
    openLira: () => {
      closeMenu();
      if (isAnonymous) requireSignIn('binding', ROUTES.AGENT);
      else void navigate(ROUTES.AGENT);
    },
    navigate,
  };
}
