import { sample } from 'effector';
import { liraRefreshRequested, messengerConnectionKnown } from '@/entities/lira-profile';
import { authModalOpened, listenStreamFx } from '@/features/auth-modal';
import { resubscribeRequired } from '@/features/lira-status-control';
import { ROUTES } from '@/shared/api';

// Spec §4 "Status button": resuming without the messenger connected asks to start the bot again.
sample({
  clock: resubscribeRequired,
  fn: () => ({ authType: 'resubscribe' as const, pendingNavigateTo: ROUTES.AGENT }),
  target: authModalOpened,
});
// Spec §4 "Auth modal flow" step 6: the bot was started again (no new token): the messenger is connected; re-read profile and subscription.
const botStarted = listenStreamFx.doneData.filter({ fn: (r) => r.kind === 'ok' });
sample({ clock: botStarted, fn: () => true, target: messengerConnectionKnown });
sample({ clock: botStarted, target: liraRefreshRequested });
