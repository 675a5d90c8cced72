import { sample } from 'effector';
import { liraRefreshRequested, messengerConnectionKnown, variantsReloadRequired } from '@/entities/lira-profile';
import { authModalOpened, bindingStreamAnswered } from '@/features/auth-modal';
import { resubscribeRequired } from '@/features/lira-status-control';
import { QUERY_ROOT, ROUTES } from '@/shared/api';
import { serverDataChanged } from '@/shared/model';

// Spec §4 "Status button": resuming without the messenger connected asks to start the bot again.
sample({
  clock: resubscribeRequired,
  fn: () => ({ authType: 'resubscribe' as const, pendingNavigateTo: ROUTES.AGENT }),
  target: authModalOpened,
});
// Spec §4 "Auth modal flow" step 6: the bot was started again (no new token): the messenger is connected; re-read profile and subscription.
const botStarted = bindingStreamAnswered.filter({ fn: (r) => r.kind === 'ok' });
sample({ clock: botStarted, fn: () => true, target: messengerConnectionKnown });
sample({ clock: botStarted, target: liraRefreshRequested });

// Settings and status change what the agent shows: its lists, map and sidebar are read again (the app marks them stale).
sample({ clock: variantsReloadRequired, fn: () => QUERY_ROOT.LIRA, target: serverDataChanged });
