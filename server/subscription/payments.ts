import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { LIRA_SERVICE_TYPE, SANDBOX_PAYMENT_PAGE } from '@kvarta/contract/lira-rules';
import type { Payment, PaymentStatus } from '@kvarta/contract/subscription';
import type { Queryable } from '../catalog/store';
import { badRequest } from '../http/errors';
import { PROMOCODE_MESSAGES, alreadyRedeemed, extendSubscription, lockSubscriptionOf, redeem } from './subscriptions';

type Transactional = Queryable & { transaction<T>(w: (tx: Queryable) => Promise<T>): Promise<T> };

/** What a provider needs to show its payment form. */
export interface PaymentOrder {
  id: string;
  userId: number;
  days: number;
  amount: number;
  description: string;
}

/**
 * A way to take money: the sandbox page now; the card widget (public id, confirmation by webhook) and
 * Telegram Stars (an invoice, confirmation by `successful_payment`) plug in behind the same interface.
 * A provider never activates anything itself: it reports the outcome to `completePayment`.
 */
export interface PaymentProvider {
  readonly id: Payment['provider'];
  /** Where the browser goes to pay (a page, a widget URL or a Telegram invoice link). */
  start(order: PaymentOrder): Promise<{ url: string }>;
  /**
   * The link given to the payer only, carrying the payment's secret; providers that confirm by their
   * own means (webhook, Telegram) leave it out.
   */
  payerLink?(url: string, payerKey: string): string;
}

/** Our own page at /dev/payments/{id} with «Оплатить» and «Отклонить» (not in production). */
export class SandboxPaymentProvider implements PaymentProvider {
  readonly id = 'sandbox' as const;
  async start(order: PaymentOrder): Promise<{ url: string }> {
    return { url: SANDBOX_PAYMENT_PAGE.replace('{paymentId}', order.id) };
  }

  /**
   * In the fragment: the browser never sends it with the page request, so it stays out of access logs
   * and Referer; the page's script hands it to approve/decline.
   */
  payerLink(url: string, payerKey: string): string {
    return `${url}#key=${payerKey}`;
  }
}

const hashKey = (key: string) => createHash('sha256').update(key).digest();

/** Whether `key` is the secret of the payment's link; a row without one (made before) has no payer proof. */
export async function payerKeyMatches(db: Queryable, id: string, key: string): Promise<boolean> {
  const { rows } = await db.query<{ payer_key_hash: string | null }>('SELECT payer_key_hash FROM payments WHERE id = $1', [id]);
  const stored = rows[0]?.payer_key_hash;
  if (!stored) return false;
  return timingSafeEqual(Buffer.from(stored, 'hex'), hashKey(key));
}

export interface PaymentRow {
  id: string;
  userId: number;
  provider: Payment['provider'];
  days: number;
  amount: number;
  promocode: string | null;
  status: PaymentStatus;
  returnPath: string | null;
  /** The provider's URL given at the start; null for rows made before it was stored. */
  url: string | null;
}

interface DbRow {
  id: string;
  user_id: number;
  provider: Payment['provider'];
  days: number;
  amount: number;
  promocode: string | null;
  status: PaymentStatus;
  return_path: string | null;
  url: string | null;
}

const fromRow = (r: DbRow): PaymentRow => ({
  id: r.id,
  userId: r.user_id,
  provider: r.provider,
  days: r.days,
  amount: r.amount,
  promocode: r.promocode,
  status: r.status,
  returnPath: r.return_path,
  url: r.url,
});
const COLUMNS = 'id, user_id, provider, days, amount, promocode, status, return_path, url';

export async function findPayment(db: Queryable, id: string): Promise<PaymentRow | null> {
  const { rows } = await db.query<DbRow>(`SELECT ${COLUMNS} FROM payments WHERE id = $1`, [id]);
  return rows[0] ? fromRow(rows[0]) : null;
}

/** The stored provider URL; rows from before it was stored were all sandbox ones. */
const urlOf = (p: PaymentRow): string => p.url ?? (p.provider === 'sandbox' ? SANDBOX_PAYMENT_PAGE.replace('{paymentId}', p.id) : '');

export const paymentView = (p: PaymentRow, url: string = urlOf(p)): Payment => ({
  paymentId: p.id,
  status: p.status,
  provider: p.provider,
  amount: p.amount,
  currency: 'RUB',
  days: p.days,
  url,
});

/**
 * Starts a payment. A promocode may discount only one payment: a newer payment with the same code
 * replaces the user's pending one (it becomes FAILED and can no longer complete), under a per-user
 * lock, so two tabs cannot both pay at the discount; the redemption is recorded when one succeeds.
 */
export async function startPayment(
  db: Transactional,
  provider: PaymentProvider,
  input: { userId: number; days: number; amount: number; promocode: string | null; returnPath: string | null },
  now: Date = new Date(),
): Promise<Payment> {
  const id = randomUUID();
  // 192 random bits; only its hash is stored, and the stored `url` is the link without it.
  const payerKey = randomBytes(24).toString('base64url');
  await db.transaction(async (tx) => {
    await lockSubscriptionOf(tx, input.userId);
    if (input.promocode) {
      // Checked again under the lock: a payment with this code may have just succeeded.
      if (await alreadyRedeemed(tx, input.userId, input.promocode)) throw badRequest(PROMOCODE_MESSAGES.used);
      await tx.query(
        `UPDATE payments SET status = 'FAILED', completed_at = $3 WHERE user_id = $1 AND promocode = $2 AND status = 'PENDING'`,
        [input.userId, input.promocode, now.toISOString()],
      );
    }
    await tx.query(
      `INSERT INTO payments (id, user_id, service_type, provider, days, amount, promocode, status, return_path, payer_key_hash) VALUES ($1, $2, $3, $4, $5, $6, $7, 'PENDING', $8, $9)`,
      [
        id,
        input.userId,
        LIRA_SERVICE_TYPE,
        provider.id,
        input.days,
        input.amount,
        input.promocode,
        input.returnPath,
        hashKey(payerKey).toString('hex'),
      ],
    );
  });
  let url: string;
  try {
    ({ url } = await provider.start({
      id,
      userId: input.userId,
      days: input.days,
      amount: input.amount,
      description: `ИИ Поиск «Кварты» на ${input.days} дн.`,
    }));
  } catch (error) {
    await db.query(`UPDATE payments SET status = 'FAILED', completed_at = $2 WHERE id = $1 AND status = 'PENDING'`, [
      id,
      now.toISOString(),
    ]);
    throw error;
  }
  const { rows } = await db.query<DbRow>(`UPDATE payments SET url = $2 WHERE id = $1 RETURNING ${COLUMNS}`, [id, url]);
  return paymentView(fromRow(rows[0]!), provider.payerLink ? provider.payerLink(url, payerKey) : url);
}

/**
 * The provider's verdict, applied once: SUCCEEDED extends the subscription by the paid days (and
 * records a percent promocode as used); FAILED only marks the payment. A repeated call changes nothing.
 */
export async function completePayment(
  db: Transactional,
  id: string,
  outcome: 'SUCCEEDED' | 'FAILED',
  now: Date,
): Promise<PaymentRow | null> {
  const found = await findPayment(db, id);
  if (!found) return null;
  return db.transaction(async (tx) => {
    // The user's lock first (as startPayment takes it), then the row: no deadlock with a new payment.
    await lockSubscriptionOf(tx, found.userId);
    const { rows } = await tx.query<DbRow>(
      `UPDATE payments SET status = $2, completed_at = $3 WHERE id = $1 AND status = 'PENDING'
       RETURNING ${COLUMNS}`,
      [id, outcome, now.toISOString()],
    );
    if (!rows[0]) return findPayment(tx, id);
    const payment = fromRow(rows[0]);
    if (outcome === 'SUCCEEDED') {
      await extendSubscription(tx, payment.userId, payment.days, now, true);
      if (payment.promocode) await redeem(tx, payment.userId, payment.promocode, now);
    }
    return payment;
  });
}
