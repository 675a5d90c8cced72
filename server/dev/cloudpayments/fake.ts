import { randomBytes, randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { cloudPaymentsOptionsSchema } from '@kvarta/contract/subscription';
import { devRoute } from '../dev-route';
import type { FetchLike } from '../../subscription/cloudpayments/api';
import type { CardStandIn } from '../../subscription/setup';
import { signBody } from '../../subscription/cloudpayments/signature';
import { FAKE_WIDGET_SCRIPT } from './fake-widget';

/**
 * CloudPayments without CloudPayments (only where the Telegram stand-in is, never in production): a widget with
 * the real one's API at /dev/cloudpayments/widget.js, a charge that sends our endpoints the Check, Pay, Fail and
 * Recurrent notifications signed with the configured secret, exactly as the provider's servers would, and the
 * server API (subscriptions/cancel, payments/refund) behind Basic auth. State lives in this process's memory.
 */
export const FAKE_CLOUDPAYMENTS = {
  publicId: 'pk_kvarta_stand_in',
  apiSecret: 'kvarta-stand-in-cloudpayments-secret',
  /** Requests to this origin go to the fake API in-process (no network): see `loopbackFetch`. */
  apiUrl: 'http://cloudpayments.stand-in',
  widgetUrl: '/dev/cloudpayments/widget.js',
} as const;

const FAKE_API_PREFIX = '/dev/cloudpayments/api';
/** The test card that the bank declines (any other number pays). */
export const DECLINED_CARD = '4000000000000002';

interface FakeSubscription {
  id: string;
  accountId: string;
  description: string;
  email: string | null;
  amount: number;
  period: number;
  status: 'Active' | 'PastDue' | 'Cancelled' | 'Rejected' | 'Expired';
  successful: number;
  failed: number;
}

interface FakeTransaction {
  id: number;
  amount: number;
  accountId: string;
  invoiceId: string | null;
  subscriptionId: string | null;
  refunded: boolean;
}

export interface FakeCloudPaymentsState {
  subscriptions: FakeSubscription[];
  cancellations: string[];
  /** Every subscriptions/cancel call, in order, known subscription or not (tests read what was asked). */
  cancelRequests: string[];
  refunds: number[];
  outage: boolean;
}

const chargeSchema = z.object({
  options: cloudPaymentsOptionsSchema,
  cardNumber: z.string().trim().max(32),
  /** false: the form's Check was answered earlier (it stayed open), so the charge goes straight to Pay. */
  check: z.boolean().default(true),
});

/** Our server's `fetch` to the fake API: the same HTTP request, answered in-process by app.inject. */
export function loopbackFetch(app: FastifyInstance, realFetch: FetchLike): FetchLike {
  return async (url, init) => {
    if (!url.startsWith(FAKE_CLOUDPAYMENTS.apiUrl)) return realFetch(url, init);
    const response = await app.inject({
      method: 'POST',
      url: `${FAKE_API_PREFIX}${url.slice(FAKE_CLOUDPAYMENTS.apiUrl.length)}`,
      headers: init.headers,
      payload: init.body,
    });
    return { status: response.statusCode, json: async () => response.json<unknown>() };
  };
}

export class FakeCloudPayments {
  readonly state: FakeCloudPaymentsState = { subscriptions: [], cancellations: [], cancelRequests: [], refunds: [], outage: false };
  private readonly transactions = new Map<number, FakeTransaction>();

  constructor(private readonly app: FastifyInstance) {}

  /** Sends one notification to our endpoint as CloudPayments does (form-encoded, Content-HMAC); answers its code. */
  async notify(kind: 'check' | 'pay' | 'fail' | 'recurrent' | 'refund', fields: Record<string, string | number | null>): Promise<number> {
    const form = new URLSearchParams();
    for (const [k, v] of Object.entries(fields)) if (v !== null) form.set(k, String(v));
    const body = form.toString();
    const response = await this.app.inject({
      method: 'POST',
      url: `/api/payments/cloudpayments/${kind}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-hmac': signBody(body, FAKE_CLOUDPAYMENTS.apiSecret) },
      payload: body,
    });
    const code = response.json<{ code?: unknown }>().code;
    return typeof code === 'number' ? code : -1;
  }

  /** A new transaction id as the provider makes them: random, so nobody can guess the next one from the last or from uptime. */
  private newTransactionId(): number {
    for (;;) {
      const id = randomInt(1_000_000_000, 2 ** 47);
      if (!this.transactions.has(id)) return id;
    }
  }

  private transaction(input: Omit<FakeTransaction, 'id' | 'refunded'>): FakeTransaction {
    const t = { ...input, id: this.newTransactionId(), refunded: false };
    this.transactions.set(t.id, t);
    return t;
  }

  private paymentFields(t: FakeTransaction, extra: Record<string, string | number | null> = {}) {
    return {
      TransactionId: t.id,
      Amount: t.amount.toFixed(2),
      Currency: 'RUB',
      DateTime: new Date().toISOString().slice(0, 19).replace('T', ' '),
      CardFirstSix: '424242',
      CardLastFour: '4242',
      CardType: 'Visa',
      Status: 'Completed',
      OperationType: 'Payment',
      TestMode: 1,
      InvoiceId: t.invoiceId,
      AccountId: t.accountId,
      SubscriptionId: t.subscriptionId,
      ...extra,
    };
  }

  private recurrentFields(s: FakeSubscription) {
    return {
      Id: s.id,
      AccountId: s.accountId,
      Description: s.description,
      Email: s.email,
      Amount: s.amount.toFixed(2),
      Currency: 'RUB',
      RequireConfirmation: 'false',
      Interval: 'Day',
      Period: s.period,
      Status: s.status,
      SuccessfulTransactionsNumber: s.successful,
      FailedTransactionsNumber: s.failed,
    };
  }

  /** The widget's «Оплатить»: Check, then Pay (and a new recurrent subscription) or Fail. */
  async charge(input: z.infer<typeof chargeSchema>): Promise<{ success: boolean; reason: string | null }> {
    const { options } = input;
    if (options.publicId !== FAKE_CLOUDPAYMENTS.publicId) return { success: false, reason: 'Неверный publicId' };
    const t = this.transaction({
      amount: options.amount,
      accountId: options.accountId,
      invoiceId: options.invoiceId,
      subscriptionId: null,
    });
    const check = input.check ? await this.notify('check', this.paymentFields(t)) : 0;
    if (check !== 0) return { success: false, reason: `Магазин отклонил платёж (код ${check})` };
    if (input.cardNumber.replace(/\D/g, '') === DECLINED_CARD) {
      await this.notify('fail', this.paymentFields(t, { Reason: 'InsufficientFunds', ReasonCode: 5051 }));
      return { success: false, reason: 'Недостаточно средств на карте' };
    }
    const recurrent = options.data.CloudPayments.recurrent;
    const sub: FakeSubscription = {
      id: `sc_${randomBytes(12).toString('hex')}`,
      accountId: options.accountId,
      description: options.description,
      email: options.email ?? null,
      amount: recurrent.amount,
      period: recurrent.period,
      status: 'Active',
      successful: 1,
      failed: 0,
    };
    this.state.subscriptions.push(sub);
    t.subscriptionId = sub.id;
    await this.notify('pay', this.paymentFields(t));
    await this.notify('recurrent', this.recurrentFields(sub));
    return { success: true, reason: null };
  }

  /** The provider's own renewal of a card subscription: Pay, or Fail and PastDue (then Rejected after `failed` ≥ 3). */
  async renew(subscriptionId: string, decline: boolean): Promise<{ code: number }> {
    const sub = this.state.subscriptions.find((s) => s.id === subscriptionId);
    if (!sub || (sub.status !== 'Active' && sub.status !== 'PastDue')) return { code: -1 };
    const t = this.transaction({ amount: sub.amount, accountId: sub.accountId, invoiceId: null, subscriptionId: sub.id });
    if (decline) {
      sub.failed += 1;
      sub.status = sub.failed >= 3 ? 'Rejected' : 'PastDue';
      await this.notify('fail', this.paymentFields(t, { Reason: 'InsufficientFunds', ReasonCode: 5051 }));
      return { code: await this.notify('recurrent', this.recurrentFields(sub)) };
    }
    sub.successful += 1;
    const wasPastDue = sub.status === 'PastDue';
    sub.status = 'Active';
    const code = await this.notify('pay', this.paymentFields(t));
    if (wasPastDue) await this.notify('recurrent', this.recurrentFields(sub));
    return { code };
  }

  async cancel(subscriptionId: string): Promise<boolean> {
    this.state.cancelRequests.push(subscriptionId);
    const sub = this.state.subscriptions.find((s) => s.id === subscriptionId);
    if (!sub) return false;
    this.state.cancellations.push(subscriptionId);
    if (sub.status === 'Active' || sub.status === 'PastDue') {
      sub.status = 'Cancelled';
      await this.notify('recurrent', this.recurrentFields(sub));
    }
    return true;
  }

  async refund(transactionId: number, amount: number): Promise<boolean> {
    // A charge this process never made (another instance's fake took it, or a test sent its notification) is taken
    // on trust, once, as the real provider knows every charge of the site.
    if (!this.transactions.has(transactionId))
      this.transactions.set(transactionId, {
        id: transactionId,
        amount,
        accountId: '',
        invoiceId: null,
        subscriptionId: null,
        refunded: false,
      });
    const t = this.transactions.get(transactionId);
    if (!t || t.refunded || Math.abs(t.amount - amount) > 0.005) return false;
    t.refunded = true;
    this.state.refunds.push(transactionId);
    const refund = this.transaction({ amount, accountId: t.accountId, invoiceId: t.invoiceId, subscriptionId: null });
    await this.notify('refund', {
      TransactionId: refund.id,
      PaymentTransactionId: t.id,
      Amount: amount.toFixed(2),
      DateTime: new Date().toISOString().slice(0, 19).replace('T', ' '),
      OperationType: 'Refund',
      InvoiceId: t.invoiceId,
      AccountId: t.accountId || null,
    });
    return true;
  }
}

const basicAuth = `Basic ${Buffer.from(`${FAKE_CLOUDPAYMENTS.publicId}:${FAKE_CLOUDPAYMENTS.apiSecret}`).toString('base64')}`;

/** The fake's routes: the widget script and its charge, the server API, and tools for tests (renew, state, outage). */
export function fakeCloudPaymentsRoutes(app: FastifyInstance, fake: FakeCloudPayments): void {
  app.get(FAKE_CLOUDPAYMENTS.widgetUrl, async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('Cache-Control', 'no-store').send(FAKE_WIDGET_SCRIPT),
  );
  devRoute(app, { method: 'POST', url: '/dev/cloudpayments/charge', body: chargeSchema, handler: ({ body }) => fake.charge(body) });
  devRoute(app, {
    method: 'POST',
    url: '/dev/cloudpayments/renew',
    body: z.object({ subscriptionId: z.string().max(100), decline: z.boolean().default(false) }),
    handler: ({ body }) => fake.renew(body.subscriptionId, body.decline),
  });
  devRoute(app, { method: 'GET', url: '/dev/cloudpayments/state', handler: () => fake.state });
  devRoute(app, {
    method: 'POST',
    url: '/dev/cloudpayments/outage',
    body: z.object({ on: z.boolean() }),
    handler: ({ body }) => ((fake.state.outage = body.on), { outage: fake.state.outage }),
  });
  // The server API, as api.cloudpayments.ru answers it.
  app.post(`${FAKE_API_PREFIX}/subscriptions/cancel`, { config: { foreignInput: true } }, async (request, reply) => {
    if (request.headers.authorization !== basicAuth) return reply.code(401).send({ Success: false, Message: 'Unauthorized' });
    if (fake.state.outage) return reply.code(503).send({ Success: false, Message: 'Service Unavailable' });
    const id = z.object({ Id: z.string().max(100) }).safeParse(request.body);
    if (!id.success) return { Success: false, Message: 'Id is required' };
    return (await fake.cancel(id.data.Id)) ? { Success: true, Message: null } : { Success: false, Message: 'Subscription not found' };
  });
  app.post(`${FAKE_API_PREFIX}/payments/refund`, { config: { foreignInput: true } }, async (request, reply) => {
    if (request.headers.authorization !== basicAuth) return reply.code(401).send({ Success: false, Message: 'Unauthorized' });
    if (fake.state.outage) return reply.code(503).send({ Success: false, Message: 'Service Unavailable' });
    const body = z.object({ TransactionId: z.number().int(), Amount: z.number() }).safeParse(request.body);
    if (!body.success) return { Success: false, Message: 'TransactionId and Amount are required' };
    return (await fake.refund(body.data.TransactionId, body.data.Amount))
      ? { Success: true, Message: null }
      : { Success: false, Message: 'Transaction not found' };
  });
}

/** The fake as the payments' card stand-in (server/subscription/setup.ts): its keys, its widget, its in-process API. */
export function cardStandIn(app: FastifyInstance): CardStandIn {
  return {
    credentials: FAKE_CLOUDPAYMENTS,
    widgetUrl: FAKE_CLOUDPAYMENTS.widgetUrl,
    fetch: (realFetch) => loopbackFetch(app, realFetch),
    register: () => fakeCloudPaymentsRoutes(app, new FakeCloudPayments(app)),
  };
}
