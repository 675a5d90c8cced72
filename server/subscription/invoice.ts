import type { PaymentStatus } from '@kvarta/contract/subscription';
import type { Queryable } from '../core/database';
import { lockInvoiceRow, storeInvoiceState } from './repository/payments';
import { lockSubscriptionOf } from './repository/subscriptions';

/**
 * The one state machine of an invoice (a payment the user started, by card or in Stars). Every provider
 * notification about it is an event here, applied under the invoice's row lock, so two notifications arriving at
 * two instances at once see each other's outcome:
 *
 *   PENDING ──check──▶ CHECKED ──pay──▶ PAID ──refund──▶ REFUNDED
 *      │                  │  ▲
 *      │                  fail└──check (the widget's retry after a declined card)
 *      │                  ▼
 *      └──────fail──▶ DECLINED ──pay──▶ PAID
 *   PENDING, CHECKED, DECLINED ──close──▶ CLOSED (replaced by a newer payment with the same promocode, or never opened)
 *
 * A charge the provider took for an invoice that can no longer be paid (PAID, REFUNDED, CLOSED) is refunded: every
 * charge ends as exactly one grant or one refund.
 */
export const INVOICE_STATES = ['PENDING', 'CHECKED', 'PAID', 'DECLINED', 'CLOSED', 'REFUNDED'] as const;
export type InvoiceState = (typeof INVOICE_STATES)[number];

export type InvoiceEvent = 'check' | 'pay' | 'fail' | 'refund' | 'close';

/** What an event does to an invoice in a state: its next state (null: unchanged) and the verdict for the caller. */
export interface Transition {
  next: InvoiceState | null;
  verdict: 'allow' | 'refuse' | 'grant' | 'refundCharge' | 'ignore';
}

const OPEN: readonly InvoiceState[] = ['PENDING', 'CHECKED', 'DECLINED'];
const isOpen = (state: InvoiceState) => OPEN.includes(state);

/** The whole table: every (state, event) pair has exactly one answer. */
export function transition(state: InvoiceState, event: InvoiceEvent): Transition {
  switch (event) {
    // May the provider go ahead and charge? Only an invoice that can still be paid (a declined one may be retried).
    case 'check':
      return isOpen(state) ? { next: 'CHECKED', verdict: 'allow' } : { next: null, verdict: 'refuse' };
    // Money was taken: the first charge of an open invoice grants its days, any other charge goes back.
    case 'pay':
      return isOpen(state) ? { next: 'PAID', verdict: 'grant' } : { next: null, verdict: 'refundCharge' };
    // The card was declined: an open invoice waits for a retry; a paid or closed one stays as it is.
    case 'fail':
      return isOpen(state) ? { next: 'DECLINED', verdict: 'allow' } : { next: null, verdict: 'ignore' };
    // The granting charge's money went back: the paid days are taken back.
    case 'refund':
      return state === 'PAID' ? { next: 'REFUNDED', verdict: 'allow' } : { next: null, verdict: 'ignore' };
    // Replaced or never opened: it can no longer be paid.
    case 'close':
      return isOpen(state) ? { next: 'CLOSED', verdict: 'allow' } : { next: null, verdict: 'ignore' };
  }
}

/** What the buyer sees of an invoice state (the contract's payment status). */
function statusOf(state: InvoiceState): PaymentStatus {
  if (state === 'PAID') return 'SUCCEEDED';
  if (state === 'REFUNDED') return 'REFUNDED';
  if (state === 'DECLINED' || state === 'CLOSED') return 'FAILED';
  return 'PENDING';
}

export const parseState = (value: string | null): InvoiceState =>
  (INVOICE_STATES as readonly string[]).includes(value ?? '') ? (value as InvoiceState) : 'CLOSED';

/**
 * Takes the invoice for the rest of the transaction: the user's subscription lock first (the order every payment
 * path takes it in, so no deadlock), then the row itself (SELECT … FOR UPDATE). The state returned is the latest
 * committed one: whoever held the lock before has finished.
 */
export async function lockInvoice(tx: Queryable, paymentId: string, userId: number | null): Promise<InvoiceState | null> {
  // A payment kept after its account was deleted has no subscription left to guard.
  if (userId !== null) await lockSubscriptionOf(tx, userId);
  const row = await lockInvoiceRow(tx, paymentId);
  return row ? parseState(row.state) : null;
}

/**
 * Applies one event to a locked invoice (see lockInvoice) and stores the next state with the status it shows.
 * `transactionId` names the charge a grant or a decline was about.
 */
export async function moveInvoice(
  tx: Queryable,
  paymentId: string,
  state: InvoiceState,
  event: InvoiceEvent,
  now: Date,
  transactionId: string | null = null,
): Promise<Transition> {
  const step = transition(state, event);
  if (step.next && step.next !== state) {
    const completes = step.next !== 'CHECKED' && step.next !== 'PENDING';
    await storeInvoiceState(tx, paymentId, {
      state: step.next,
      status: statusOf(step.next),
      transactionId,
      completedAt: completes ? now : null,
    });
  }
  return step;
}
