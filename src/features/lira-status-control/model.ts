import { attach, createEffect, createEvent, sample } from 'effector';
import {
  $liraStatus,
  $messengerConnected,
  $profileInitialised,
  putStatusFx,
  statusAfterToggle,
  statusButtonAction,
  variantsReloadRequired,
} from '@/entities/lira-profile';
import { $subscription, type DerivedSubscription } from '@/entities/subscription';
import type { LiraSettableStatus, LiraStatus } from '@kvarta/contract/lira-rules';
import { drawerViewRequested, failureToasts, recurrentPaymentModal } from '@/shared/model';

/** The launch toggle asks for a status. */
export const statusChangeRequested = createEvent<LiraSettableStatus>();
export const statusButtonClicked = createEvent();
/** STOP/REJECTED with the messenger not connected: the page opens the auth modal in 'resubscribe' mode. */
export const resubscribeRequired = createEvent();

// ---- toggle (spec §4 "Change status") ----
export const changeStatusFx = attach({
  source: { subscription: $subscription, current: $liraStatus },
  effect: createEffect(
    async ({
      subscription,
      current,
      requested,
    }: {
      subscription: DerivedSubscription | null;
      current: LiraStatus;
      requested: LiraSettableStatus;
    }) => {
      await putStatusFx(requested);
      // The server stored it by the same rules; a request they refuse has failed above.
      return statusAfterToggle(requested, current, subscription?.status ?? null) ?? requested;
    },
  ),
  mapParams: (requested: LiraSettableStatus, source) => ({ ...source, requested }),
});
sample({ clock: statusChangeRequested, target: changeStatusFx });
$liraStatus.on(changeStatusFx.doneData, (_, status) => status);
sample({ clock: changeStatusFx.done, target: variantsReloadRequired });
failureToasts(changeStatusFx.failData, 'Не удалось изменить статус подбора');

// ---- status button (spec §4) ----
// Before the profile has loaded the status is only the NOT_CREATED default: the button means nothing yet.
const action = sample({
  clock: statusButtonClicked,
  source: { status: $liraStatus, connected: $messengerConnected, ready: $profileInitialised },
  filter: ({ ready }) => ready,
  fn: ({ status, connected }) => statusButtonAction(status, connected),
});
sample({ clock: action, filter: (a) => a === 'open-creation', fn: () => 'LIRA_CREATION' as const, target: drawerViewRequested });
sample({ clock: action, filter: (a) => a === 'stop', fn: () => 'STOP' as const, target: statusChangeRequested });
sample({ clock: action, filter: (a) => a === 'resume', fn: () => 'ACTIVE' as const, target: statusChangeRequested });
sample({ clock: action, filter: (a) => a === 'resubscribe', target: resubscribeRequired });
sample({ clock: action, filter: (a) => a === 'pay', fn: () => undefined, target: recurrentPaymentModal.opened });
