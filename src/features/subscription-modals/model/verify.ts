import { createEffect, createEvent, sample } from 'effector';
import { selectionStartRequested } from '@/entities/lira-profile';
import { $subscription, fetchPayment, subscriptionRefreshRequested } from '@/entities/subscription';
import type { PaymentMethod, PaymentStatus } from '@kvarta/contract/subscription';
import { successModal, unsuccessModal } from '@/shared/model';
import { goalReachedFx } from '@/shared/outside';

/**
 * How the account's subscription renews by itself now (a card's or a Star subscription), or null. One account has one
 * renewing subscription: while it renews, no period that would renew too is sold (the server refuses it as well);
 * a period that does not renew may still be bought.
 */
export const $renewingMethod = $subscription.map((s): PaymentMethod | null =>
  s && s.status === 'ACTIVE' && s.autoRenewal && s.paymentMethod ? s.paymentMethod : null,
);

const RENEWING_NOTES: Record<PaymentMethod, string> = {
  card: 'У вас действует подписка с оплатой картой, она продлевается автоматически. Отключить автопродление можно в «Подписке» — доступ останется до конца оплаченного срока.',
  stars:
    'У вас действует подписка за звёзды Telegram, она продлевается автоматически. Отключить автопродление можно в «Подписке» — доступ останется до конца оплаченного срока.',
};

/** Why a period cannot be paid now (a renewing one while another renews), or null when it can. */
export const renewingNote = (renewing: PaymentMethod | null, periodRenews: boolean): string | null =>
  renewing && periodRenews ? RENEWING_NOTES[renewing] : null;

/** A payment form closed (or the stand-in's invoice page sent the user back with `?payment=<id>`): ask the server. */
export const paymentReturned = createEvent<string>();
/** A days promocode activated the subscription without a payment. */
export const subscriptionActivated = createEvent();

/** The provider's notification may reach the server a moment after its form says «paid»: ask a few times. */
const POLL_MS = 1_500;
const POLL_TRIES = 10;
export const verifyPaymentFx = createEffect(async (paymentId: string): Promise<PaymentStatus> => {
  for (let attempt = 1; ; attempt++) {
    const { status } = await fetchPayment(paymentId);
    if (status !== 'PENDING' || attempt >= POLL_TRIES) return status;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
});

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

// Analytics goal: a payment confirmed.
sample({ clock: succeeded, fn: () => 'payment_succeeded' as const, target: goalReachedFx });
