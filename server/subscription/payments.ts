import { randomUUID } from 'node:crypto';
import { LIRA_SERVICE_TYPE, SANDBOX_PAYMENT_PAGE } from '../../src/shared/api/contract/lira-rules';
import type { Payment, PaymentStatus } from '../../src/shared/api/contract/subscription';
import type { Queryable } from '../catalog/store';
import { extendSubscription } from './subscriptions';

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
}

/** Our own page at /dev/payments/{id} with «Оплатить» and «Отклонить» (not in production). */
export class SandboxPaymentProvider implements PaymentProvider {
  readonly id = 'sandbox' as const;
  async start(order: PaymentOrder): Promise<{ url: string }> {
    return { url: SANDBOX_PAYMENT_PAGE.replace('{paymentId}', order.id) };
  }
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
}

const fromRow = (r: DbRow): PaymentRow => ({ id: r.id, userId: r.user_id, provider: r.provider, days: r.days, amount: r.amount, promocode: r.promocode, status: r.status, returnPath: r.return_path });

export async function findPayment(db: Queryable, id: string): Promise<PaymentRow | null> {
  const { rows } = await db.query<DbRow>('SELECT id, user_id, provider, days, amount, promocode, status, return_path FROM payments WHERE id = $1', [id]);
  return rows[0] ? fromRow(rows[0]) : null;
}

export const paymentView = (p: PaymentRow, url: string): Payment => ({
  paymentId: p.id,
  status: p.status,
  provider: p.provider,
  amount: p.amount,
  currency: 'RUB',
  days: p.days,
  url,
});

export async function startPayment(
  db: Queryable,
  provider: PaymentProvider,
  input: { userId: number; days: number; amount: number; promocode: string | null; returnPath: string | null },
): Promise<Payment> {
  const id = randomUUID();
  await db.query(
    `INSERT INTO payments (id, user_id, service_type, provider, days, amount, promocode, status, return_path) VALUES ($1, $2, $3, $4, $5, $6, $7, 'PENDING', $8)`,
    [id, input.userId, LIRA_SERVICE_TYPE, provider.id, input.days, input.amount, input.promocode, input.returnPath],
  );
  const { url } = await provider.start({ id, userId: input.userId, days: input.days, amount: input.amount, description: `ИИ Поиск «Кварты» на ${input.days} дн.` });
  return paymentView({ id, userId: input.userId, provider: provider.id, days: input.days, amount: input.amount, promocode: input.promocode, status: 'PENDING', returnPath: input.returnPath }, url);
}

/**
 * The provider's verdict, applied once: SUCCEEDED extends the subscription by the paid days (and
 * records a percent promocode as used); FAILED only marks the payment. A repeated call changes nothing.
 */
export async function completePayment(
  db: Queryable & { transaction<T>(w: (tx: Queryable) => Promise<T>): Promise<T> },
  id: string,
  outcome: 'SUCCEEDED' | 'FAILED',
  now: Date,
): Promise<PaymentRow | null> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<DbRow>(
      `UPDATE payments SET status = $2, completed_at = $3 WHERE id = $1 AND status = 'PENDING'
       RETURNING id, user_id, provider, days, amount, promocode, status, return_path`,
      [id, outcome, now.toISOString()],
    );
    if (!rows[0]) return findPayment(tx, id);
    const payment = fromRow(rows[0]);
    if (outcome === 'SUCCEEDED') {
      await extendSubscription(tx, payment.userId, payment.days, now, true);
      if (payment.promocode) {
        await tx.query('INSERT INTO promocode_redemptions (user_id, code, redeemed_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [payment.userId, payment.promocode, now.toISOString()]);
      }
    }
    return payment;
  });
}
