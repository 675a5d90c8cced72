import { LIRA_SERVICE_TYPE } from '@kvarta/contract/lira-rules';
import type { PaymentMethod, PaymentStatus } from '@kvarta/contract/subscription';
import { and, desc, eq, getTableColumns, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import type { Queryable } from '../../core/database';
import { payments, providerEvents } from '../schema';

/**
 * The payments aggregate as stored: the payments (invoices the user started, renewals the provider charged) and the
 * provider notifications recorded once. Every row type comes from the schema (./schema.ts); the invoice's state
 * machine lives in invoice.ts, the rules of paying in payments.ts.
 */

// What the rules of paying read: not the provider's page (url, state), the payer's key or the bookkeeping.
const { serviceType, state, url, payerKeyHash, createdAt, completedAt, ...COLUMNS } = getTableColumns(payments);

export type PaymentRow = Pick<typeof payments.$inferSelect, keyof typeof COLUMNS>;

export async function findPayment(db: Queryable, id: string): Promise<PaymentRow | null> {
  const rows = await db.orm.select(COLUMNS).from(payments).where(eq(payments.id, id));
  return rows[0] ?? null;
}

export async function findPaymentByTransaction(db: Queryable, provider: PaymentMethod, transactionId: string): Promise<PaymentRow | null> {
  const rows = await db.orm
    .select(COLUMNS)
    .from(payments)
    .where(and(eq(payments.provider, provider), eq(payments.providerTransactionId, transactionId)));
  return rows[0] ?? null;
}

/** The user's invoices that could still be paid, locked for the rest of the transaction. */
export async function lockOpenInvoices(tx: Queryable, userId: number) {
  return tx.orm
    .select({ id: payments.id, state: payments.state })
    .from(payments)
    .where(and(eq(payments.userId, userId), eq(payments.kind, 'first'), inArray(payments.state, ['PENDING', 'CHECKED', 'DECLINED'])))
    .for('update');
}

/** A new invoice: PENDING until the provider's notification settles it. */
export async function insertInvoice(
  tx: Queryable,
  invoice: Pick<
    typeof payments.$inferInsert,
    'id' | 'userId' | 'provider' | 'days' | 'amount' | 'currency' | 'promocode' | 'returnPath' | 'receiptEmail' | 'telegramUserId'
  >,
): Promise<void> {
  await tx.orm.insert(payments).values({ ...invoice, serviceType: LIRA_SERVICE_TYPE, status: 'PENDING', state: 'PENDING' });
}

/** A renewal the provider charged (or tried to), completed now. */
export async function insertRenewal(
  tx: Queryable,
  renewal: Pick<
    typeof payments.$inferInsert,
    'id' | 'userId' | 'provider' | 'days' | 'amount' | 'currency' | 'status' | 'providerTransactionId'
  >,
  now: Date,
): Promise<PaymentRow> {
  const rows = await tx.orm
    .insert(payments)
    .values({ ...renewal, serviceType: LIRA_SERVICE_TYPE, kind: 'renewal', completedAt: now })
    .returning(COLUMNS);
  return rows[0]!;
}

/** A SUCCEEDED renewal becomes REFUNDED; false when it was not SUCCEEDED (already refunded, or never granted). */
export async function refundRenewal(tx: Queryable, paymentId: string): Promise<boolean> {
  const rows = await tx.orm
    .update(payments)
    .set({ status: 'REFUNDED' })
    .where(and(eq(payments.id, paymentId), eq(payments.status, 'SUCCEEDED')))
    .returning({ id: payments.id });
  return rows.length > 0;
}

/** The invoice's stored state, its row locked for the rest of the transaction (SELECT … FOR UPDATE); null: no such invoice. */
export async function lockInvoiceRow(tx: Queryable, paymentId: string): Promise<{ state: string | null } | null> {
  const rows = await tx.orm
    .select({ state: payments.state })
    .from(payments)
    .where(and(eq(payments.id, paymentId), eq(payments.kind, 'first')))
    .for('update');
  return rows[0] ?? null;
}

/**
 * Stores an invoice's next state with the status it shows; `transactionId` (when given) names the charge, and a
 * `completedAt` (when given) says when it was settled.
 */
export async function storeInvoiceState(
  tx: Queryable,
  paymentId: string,
  change: { state: string; status: PaymentStatus; transactionId: string | null; completedAt: Date | null },
): Promise<void> {
  await tx.orm
    .update(payments)
    .set({
      state: change.state,
      status: change.status,
      ...(change.transactionId === null ? {} : { providerTransactionId: change.transactionId }),
      ...(change.completedAt === null ? {} : { completedAt: change.completedAt }),
    })
    .where(eq(payments.id, paymentId));
}

/** The e-mails the user gave for receipts (read before an account's deletion clears them). */
export async function receiptEmailsOf(db: Queryable, userId: number): Promise<string[]> {
  const rows = await db.orm
    .selectDistinct({ email: payments.receiptEmail })
    .from(payments)
    .where(and(eq(payments.userId, userId), isNotNull(payments.receiptEmail)));
  return rows.flatMap((row) => (row.email ? [row.email] : []));
}

/** The user's latest settled payments (not PENDING), the latest first: when, how much, how, and how it ended. */
export async function settledPayments(db: Queryable, userId: number, limit: number) {
  const at = sql`coalesce(${payments.completedAt}, ${payments.createdAt})`;
  return db.orm
    .select({
      at: at.mapWith(payments.createdAt),
      amount: payments.amount,
      currency: payments.currency,
      provider: payments.provider,
      status: payments.status,
      kind: payments.kind,
    })
    .from(payments)
    .where(and(eq(payments.userId, userId), ne(payments.status, 'PENDING')))
    .orderBy(desc(at), desc(payments.createdAt))
    .limit(limit);
}

/**
 * Records a provider notification once: false when this (provider, kind, id) was recorded before, so a repeated
 * notification changes nothing. Call it inside the transaction that applies the notification: if applying fails,
 * the record goes with it and the provider's retry is applied.
 */
export async function claimProviderEvent(
  tx: Queryable,
  provider: PaymentMethod,
  kind: string,
  eventId: string,
  paymentId: string | null,
): Promise<boolean> {
  const rows = await tx.orm
    .insert(providerEvents)
    .values({ provider, kind, eventId, paymentId })
    .onConflictDoNothing()
    .returning({ eventId: providerEvents.eventId });
  return rows.length > 0;
}
