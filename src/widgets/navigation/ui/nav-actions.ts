import { useUnit } from 'effector-react';
import { useLocation, useNavigate } from 'react-router';
import { $chat, chatOpened } from '@/entities/chat';
import { $isAnonymous } from '@/entities/session';
import { ROUTES } from '@/shared/api';
import { modalOpened } from '@/shared/model';
import { currentRoute, settingsViewFor, viewModeRouteFor } from '../lib/routes';
import { menuClosed } from '../model/menu';

/** What every navigation surface needs: where we are and what each button does. */
export function useNavActions() {
  const location = useLocation();
  const navigate = useNavigate();
  const [isAnonymous, openChat, openModal, closeMenu, chat] = useUnit([$isAnonymous, chatOpened, modalOpened, menuClosed, $chat]);
  const route = currentRoute(location.pathname);
  const settingsView = settingsViewFor(route, isAnonymous);
  return {
    route,
    isAnonymous,
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
      openModal({ id: 'auth', props: { authType: 'binding', pendingNavigateTo: ROUTES.AGENT }, delay: 50 });
    },
    openLogin: () => {
      closeMenu();
      openModal({ id: 'auth', props: { authType: 'login' }, delay: 50 });
    },
    navigate,
  };
}
