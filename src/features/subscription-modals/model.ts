import { createEffect, createEvent, sample } from 'effector';
import { selectionStartRequested } from '@/entities/lira-profile';
import { fetchPayment, subscriptionRefreshRequested } from '@/entities/subscription';
import type { PaymentStatus } from '@kvarta/contract/subscription';
import { successModal, unsuccessModal } from '@/shared/model';

/** The sandbox (or a provider) sent the user back with `?payment=<id>`: ask the server what happened. */
export const paymentReturned = createEvent<string>();
/** A days promocode activated the subscription without a payment. */
export const subscriptionActivated = createEvent();

export const verifyPaymentFx = createEffect(async (paymentId: string): Promise<PaymentStatus> => (await fetchPayment(paymentId)).status);

sample({ clock: paymentReturned, target: verifyPaymentFx });
const succeeded = sample({ clock: [verifyPaymentFx.doneData.filter({ fn: (s) => s === 'SUCCEEDED' }), subscriptionActivated] });
// Spec §4 "Start selection" runs after a confirmed payment: it re-reads the subscription itself.
sample({ clock: succeeded, target: selectionStartRequested });
sample({ clock: succeeded, fn: () => ({ delay: 100 as const }), target: successModal.opened });
sample({
  clock: [verifyPaymentFx.doneData.filter({ fn: (s) => s !== 'SUCCEEDED' }), verifyPaymentFx.fail],
  fn: () => ({ delay: 100 as const }),
  target: unsuccessModal.opened,
});
sample({ clock: verifyPaymentFx.finally, target: subscriptionRefreshRequested });
