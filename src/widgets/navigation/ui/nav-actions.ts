import { useUnit } from 'effector-react';
import { useLocation, useNavigate } from '@/shared/router';
import { $drawer, drawerViewRequested } from '@/shared/model';
import { usePlatform } from '@platform';
import { $isAnonymous, loadSessionFx } from '@/entities/session';
import { authModalOpened } from '@/features/auth-modal';
import { ROUTES } from '@/shared/api';
import { currentRoute, settingsViewFor, viewModeRouteFor } from '../lib/routes';
import { menuClosed } from '../model/menu';

/** What every navigation surface needs: where we are and what each button does. */
export function useNavActions() {
  const location = useLocation();
  const navigate = useNavigate();
  const [isAnonymous, openChat, openAuth, closeMenu, chat, signInAgain] = useUnit([
    $isAnonymous,
    drawerViewRequested,
    authModalOpened,
    menuClosed,
    $drawer,
    loadSessionFx,
  ]);
  // Inside Telegram the user is who Telegram says: sign in again with initData, never the login modal.
  const insideTelegram = usePlatform().auth.bootstrap().kind === 'telegram-init-data';
  const requireSignIn = (authType: 'login' | 'binding', pendingNavigateTo?: string) => {
    if (insideTelegram) void signInAgain().then(() => pendingNavigateTo && navigate(pendingNavigateTo));
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
    openSettings: () => settingsView && openChat(settingsView),
    /** An anonymous user who clicks AI search gets the binding modal instead (spec §2). */
    goToAgent: (event?: { preventDefault(): void }) => {
      closeMenu();
      if (!isAnonymous) return;
      event?.preventDefault();
      requireSignIn('binding', ROUTES.AGENT);
    },
    /** A button into AI search (the promo block): navigate, or bind first when anonymous. */
    openAgent: () => {
      closeMenu();
      if (isAnonymous) requireSignIn('binding', ROUTES.AGENT);
      else navigate(ROUTES.AGENT);
    },
    navigate,
  };
}
