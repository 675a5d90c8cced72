import { attach, createEffect, createEvent, sample } from 'effector';
import { cancelSubscription, loadSubscriptionFx, subscriptionExpired } from '@/entities/subscription';
import { errorMessage } from '@/shared/api';
import type { LiraSettableStatus } from '@kvarta/contract/lira-rules';
import { failureToasts, notificationShown } from '@/shared/model';
import { putLiraStatus } from '../api/requests';
import { statusAfterCancel, statusAfterStart } from '../lib/status';
import { $liraStatus } from './load';
import type { LiraStatus } from './types';

/** Spec §8: shown when the selection cannot start for want of a valid subscription. */
export const SUBSCRIPTION_ERROR = 'Ошибка оформления подписки';

/** After a trial or a confirmed payment (the setup and the payment return both start the selection). */
export const selectionStartRequested = createEvent();
export const subscriptionCancelConfirmed = createEvent();
/** The selection started (trial or payment): the creation chat may close. */
export const selectionStarted = createEvent<LiraStatus>();
/** Something changed what the agent suggests: lists and the map should be read again. */
export const variantsReloadRequired = createEvent();

export const putStatusFx = createEffect(
  async (status: LiraSettableStatus): Promise<LiraSettableStatus> => (await putLiraStatus(status), status),
);
export const deleteSubscriptionFx = createEffect(() => cancelSubscription());

// ---- start selection (spec §4) ----
export const startSelectionFx = attach({
  source: $liraStatus,
  effect: createEffect(async (current: LiraStatus): Promise<LiraStatus> => {
    const subscription = await loadSubscriptionFx();
    const next = statusAfterStart(current, subscription?.status ?? null);
    if (!next) throw new Error(SUBSCRIPTION_ERROR);
    await putStatusFx(next);
    return next;
  }),
});
sample({ clock: selectionStartRequested, target: startSelectionFx });
$liraStatus.on(startSelectionFx.doneData, (_, status) => status);
sample({ clock: startSelectionFx.doneData, target: [selectionStarted, variantsReloadRequired] });
sample({
  clock: startSelectionFx.failData,
  fn: (error) => ({ text: error.message === SUBSCRIPTION_ERROR ? SUBSCRIPTION_ERROR : `${SUBSCRIPTION_ERROR}: ${errorMessage(error)}` }),
  target: notificationShown,
});

// ---- cancel subscription (spec §4) ----
export const cancelSubscriptionFx = attach({
  source: $liraStatus,
  effect: createEffect(async (current: LiraStatus): Promise<LiraStatus> => {
    await deleteSubscriptionFx();
    await loadSubscriptionFx();
    return statusAfterCancel(current);
  }),
});
sample({ clock: subscriptionCancelConfirmed, target: cancelSubscriptionFx });
$liraStatus.on(cancelSubscriptionFx.doneData, (_, status) => status);
failureToasts(cancelSubscriptionFx.failData, 'Не удалось отменить подписку');

// The 1-day timer found the subscription over (spec §4).
$liraStatus.on(subscriptionExpired, (status) => (status === 'NOT_CREATED' ? status : 'EXPIRED'));
