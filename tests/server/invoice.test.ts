import { afterEach, describe, expect, it } from 'vitest';
import type { Payment, Subscription } from '@kvarta/contract/subscription';
import type { InProcessQueue } from '../../server/infra/in-process-queue';
import { FAKE_CLOUDPAYMENTS, type FakeCloudPaymentsState } from '../../server/dev/cloudpayments/fake';
import { signBody } from '../../server/subscription/cloudpayments/signature';
import { findPayment } from '../../server/subscription/payments';
import { PROVIDER_REFUND_JOB } from '../../server/subscription/settlement';
import { sweepUnqueuedRefunds } from '../../server/subscription/jobs';
import { INVOICE_STATES, transition, type InvoiceEvent } from '../../server/subscription/invoice';
import { DEMO_PROMOCODES } from '../../server/demo/promocodes';
import { as, cardPayments, DATABASES, signedInUser, useTestServer, type TestServer } from './helpers';

type Ok<T> = { result: 'ok'; data: T };
const T0 = new Date('2026-03-01T09:00:00Z');
type Fields = Record<string, unknown>;

/** What a test needs to pay like the widget and to speak as CloudPayments' servers. */
function cardTools(server: TestServer) {
  const { start, charge } = cardPayments(server);
  /** A signed notification; form-encoded (null → empty, as the provider writes an absent value) or JSON. */
  const notify = async (kind: string, fields: Fields, options: { json?: boolean; remoteAddress?: string; headers?: object } = {}) => {
    const body = options.json
      ? JSON.stringify(fields)
      : new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, v === null || v === undefined ? '' : String(v)])).toString();
    const res = await server.app.inject({
      method: 'POST',
      url: `/api/payments/cloudpayments/${kind}`,
      remoteAddress: options.remoteAddress,
      headers: {
        'content-type': options.json ? 'application/json' : 'application/x-www-form-urlencoded',
        'content-hmac': signBody(body, FAKE_CLOUDPAYMENTS.apiSecret),
        ...options.headers,
      },
      payload: body,
    });
    return { status: res.statusCode, code: res.json<{ code: number }>().code };
  };
  const subscription = async (token: string) =>
    server.call<Ok<Subscription>>({ method: 'GET', url: '/api/cabinet/profile/subscription', headers: as(token) });
  const fakeState = async () =>
    (await server.call<Ok<FakeCloudPaymentsState>>({ method: 'GET', url: '/dev/cloudpayments/state' })).body.data;
  const charges = async (paymentId: string) =>
    (
      await server.db.query<{ outcome: string; n: number }>(
        'SELECT outcome, count(*)::int AS n FROM payment_charges WHERE payment_id = $1 GROUP BY outcome',
        [paymentId],
      )
    ).rows.reduce<Record<string, number>>((all, r) => ({ ...all, [r.outcome]: r.n }), {});
  return { start, charge, notify, subscription, fakeState, charges };
}

let transactions = 7_000_000_000;
/** A Pay (or Check, Fail) for our invoice as CloudPayments documents it, with a new TransactionId. */
const paymentSample = (p: Payment, userId: number, extra: Fields = {}): Fields => ({
  TransactionId: ++transactions,
  Amount: p.amount,
  Currency: 'RUB',
  PaymentAmount: p.amount.toFixed(2),
  PaymentCurrency: 'RUB',
  OperationType: 'Payment',
  InvoiceId: p.paymentId,
  AccountId: String(userId),
  SubscriptionId: null,
  Name: null,
  Email: null,
  DateTime: '2026-03-01 09:00:00',
  IpAddress: '203.0.113.10',
  IpCountry: 'RU',
  IpCity: 'Санкт-Петербург',
  IpRegion: null,
  IpDistrict: null,
  IpLatitude: 59.93,
  IpLongitude: 30.31,
  CardId: null,
  CardFirstSix: '424242',
  CardLastFour: '4242',
  CardExpDate: '12/30',
  CardType: 'Visa',
  CardProduct: null,
  CardCategory: null,
  Issuer: null,
  IssuerBankCountry: 'RU',
  Description: 'ИИ Поиск «Кварты» на 30 дн.',
  AuthCode: 'A1B2C3',
  Token: null,
  TestMode: true,
  Status: 'Completed',
  GatewayName: 'Test',
  Data: null,
  TotalFee: 0,
  PaymentMethod: null,
  Rrn: null,
  CustomFields: null,
  ...extra,
});

describe('the invoice state machine', () => {
  it('every state answers every event once; only an open invoice may be charged, and a second charge goes back', () => {
    const events: InvoiceEvent[] = ['check', 'pay', 'fail', 'refund', 'close'];
    const table = Object.fromEntries(
      INVOICE_STATES.map((s) => [
        s,
        Object.fromEntries(events.map((e) => [e, `${transition(s, e).verdict}→${transition(s, e).next ?? s}`])),
      ]),
    );
    expect(table).toEqual({
      PENDING: { check: 'allow→CHECKED', pay: 'grant→PAID', fail: 'allow→DECLINED', refund: 'ignore→PENDING', close: 'allow→CLOSED' },
      CHECKED: { check: 'allow→CHECKED', pay: 'grant→PAID', fail: 'allow→DECLINED', refund: 'ignore→CHECKED', close: 'allow→CLOSED' },
      DECLINED: { check: 'allow→CHECKED', pay: 'grant→PAID', fail: 'allow→DECLINED', refund: 'ignore→DECLINED', close: 'allow→CLOSED' },
      PAID: { check: 'refuse→PAID', pay: 'refundCharge→PAID', fail: 'ignore→PAID', refund: 'allow→REFUNDED', close: 'ignore→PAID' },
      CLOSED: {
        check: 'refuse→CLOSED',
        pay: 'refundCharge→CLOSED',
        fail: 'ignore→CLOSED',
        refund: 'ignore→CLOSED',
        close: 'ignore→CLOSED',
      },
      REFUNDED: {
        check: 'refuse→REFUNDED',
        pay: 'refundCharge→REFUNDED',
        fail: 'ignore→REFUNDED',
        refund: 'ignore→REFUNDED',
        close: 'ignore→REFUNDED',
      },
    });
  });
});

describe.each(DATABASES)('one invoice, one state machine on %s', (kind) => {
  const server = useTestServer(kind, { app: { jobs: { providerRetrySeconds: 0.05 } } });
  const { start, charge, notify, subscription, fakeState, charges } = cardTools(server);
  const queue = () => server.app.queue as InProcessQueue;
  afterEach(() => {
    server.app.now = () => new Date();
  });

  it('after a declined card the widget’s retry on the same invoice is checked, paid and granted once', async () => {
    server.app.now = () => T0;
    const { token } = await signedInUser(server);
    const p = await start(token);
    expect(await charge(p, '4000 0000 0000 0002')).toMatchObject({ success: false });
    expect((await findPayment(server.db, p.paymentId))!.status).toBe('FAILED');
    // The widget keeps its form open: a new Check and Pay with a new TransactionId on the same invoice.
    expect(await charge(p)).toEqual({ success: true, reason: null });
    expect((await findPayment(server.db, p.paymentId))!.status).toBe('SUCCEEDED');
    expect((await subscription(token)).body.data).toMatchObject({ status: 'ACTIVE', expiredAt: '31.03.2026 12:00:00' });
    await queue().idle();
    expect(await charges(p.paymentId)).toEqual({ granted: 1 });
    expect((await fakeState()).refunds).toEqual([]);
    // Paid now: a third attempt is stopped at its Check.
    expect(await charge(p)).toMatchObject({ success: false, reason: 'Магазин отклонил платёж (код 13)' });
  });

  it('ten Pays with different TransactionIds for one invoice at once: one grant and nine refunds, none sent twice', async () => {
    server.app.now = () => T0;
    const { token, userId } = await signedInUser(server);
    await queue().work();
    const p = await start(token);
    const pays = Array.from({ length: 10 }, () => paymentSample(p, userId));
    const answers = await Promise.all(pays.map((fields) => notify('pay', fields)));
    expect(answers.every((a) => a.status === 200 && a.code === 0)).toBe(true);
    // CloudPayments repeats a notification until it hears code 0: the repeats change nothing.
    await Promise.all(pays.map((fields) => notify('pay', fields, { json: true })));
    await queue().idle();
    expect(await charges(p.paymentId)).toEqual({ granted: 1, refund: 9 });
    expect((await subscription(token)).body.data.expiredAt).toBe('31.03.2026 12:00:00');
    const { rows } = await server.db.query<{ transaction_id: string; refunded: boolean }>(
      `SELECT transaction_id, refunded_at IS NOT NULL AS refunded FROM payment_charges WHERE payment_id = $1 AND outcome = 'refund'`,
      [p.paymentId],
    );
    const refunds = (await fakeState()).refunds.map(String);
    expect(refunds).toHaveLength(9);
    expect(new Set(refunds)).toEqual(new Set(rows.map((r) => r.transaction_id)));
    expect(rows.every((r) => r.refunded)).toBe(true);
    expect(refunds).not.toContain((await findPayment(server.db, p.paymentId))!.providerTransactionId);
  });

  it('a refund whose job was lost with its process (after the commit, before the queue) is queued by the sweeper, once', async () => {
    server.app.now = () => T0;
    const { token, userId } = await signedInUser(server);
    await queue().work();
    const before = (await fakeState()).refunds.length;
    const refundsSince = async () => (await fakeState()).refunds.slice(before).map(String);
    const p = await start(token);
    expect((await notify('pay', paymentSample(p, userId))).code).toBe(0);
    // The process "dies" between the deciding commit and queueing: the second charge's refund job never reaches the queue.
    const send = queue().send.bind(queue());
    queue().send = async (name, data, options) => {
      if (name === PROVIDER_REFUND_JOB) throw new Error('the process died here');
      return send(name, data, options);
    };
    const second = paymentSample(p, userId);
    try {
      // Whatever the dying process answered, nobody repeats the notification (its answer may have gone out).
      await notify('pay', second);
    } finally {
      queue().send = send;
    }
    await queue().idle();
    expect(await charges(p.paymentId)).toEqual({ granted: 1, refund: 1 });
    expect(await refundsSince()).toEqual([]);
    // Within the grace period the sweeper leaves it (its job may be a moment from being queued).
    expect(await sweepUnqueuedRefunds(server.app)).toBe(0);
    server.app.now = () => new Date(T0.getTime() + 3 * 60_000);
    expect(await sweepUnqueuedRefunds(server.app)).toBe(1);
    await queue().idle();
    expect(await refundsSince()).toEqual([String(second.TransactionId)]);
    // Queued and done: later sweeps find nothing, and the money goes back once.
    expect(await sweepUnqueuedRefunds(server.app)).toBe(0);
    await queue().idle();
    expect(await refundsSince()).toHaveLength(1);
  });

  it('an invoice replaced by a newer one with the same promocode cannot be retried after a decline', async () => {
    const { token, userId } = await signedInUser(server);
    const first = await start(token, { days: 30, promocode: DEMO_PROMOCODES.percent.code });
    expect(await charge(first, '4000 0000 0000 0002')).toMatchObject({ success: false });
    await start(token, { days: 30, promocode: DEMO_PROMOCODES.percent.code });
    expect((await notify('check', paymentSample(first, userId))).code).toBe(13);
    const late = paymentSample(first, userId);
    expect((await notify('pay', late)).code).toBe(0);
    expect(await charges(first.paymentId)).toEqual({ refund: 1 });
  });
});

describe('the fake CloudPayments believes only this machine', () => {
  // Behind one proxy on this machine: the client's address is the one it appended to X-Forwarded-For.
  const server = useTestServer('pglite', { trustProxy: ['loopback'] });
  const { start, charge, notify, subscription } = cardTools(server);

  it('forged notifications signed with the stand-in’s public secret from another address are refused and change nothing', async () => {
    const { token, userId } = await signedInUser(server);
    const p = await start(token);
    const pay = paymentSample(p, userId);
    const forged = [
      await notify('pay', pay, { remoteAddress: '198.51.100.7' }),
      await notify('pay', pay, { remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '203.0.113.9' } }),
      await notify(
        'refund',
        { TransactionId: ++transactions, PaymentTransactionId: pay.TransactionId, Amount: p.amount },
        { remoteAddress: '198.51.100.7' },
      ),
      await notify('recurrent', { Id: 'sc_forged', AccountId: String(userId), Status: 'Cancelled' }, { remoteAddress: '198.51.100.7' }),
    ];
    const accepted = forged.filter((a) => a.status === 200).length;
    console.log(`remote forged notifications accepted: ${accepted} of ${forged.length}`);
    expect(forged).toEqual(forged.map(() => ({ status: 403, code: 13 })));
    expect((await findPayment(server.db, p.paymentId))!.status).toBe('PENDING');
    expect((await subscription(token)).status).toBe(404);
    // From this machine the same notification is the fake's own, and counts.
    expect(await notify('pay', pay)).toEqual({ status: 200, code: 0 });
    expect((await findPayment(server.db, p.paymentId))!.status).toBe('SUCCEEDED');
  });

  it('its transaction ids are random, not a counter one could guess from the last or from uptime', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      const { token } = await signedInUser(server);
      const p = await start(token);
      await charge(p);
      ids.push(Number((await findPayment(server.db, p.paymentId))!.providerTransactionId));
    }
    expect(new Set(ids).size).toBe(3);
    for (let i = 1; i < ids.length; i++) expect(Math.abs(ids[i]! - ids[i - 1]!)).toBeGreaterThan(1_000);
  });
});

describe('with DEV_TOOLS_REMOTE=1 the fake answers other machines too (closed networks)', () => {
  const server = useTestServer('pglite', { devToolsRemote: true });
  const { start, notify } = cardTools(server);
  it('a remote notification of the fake counts', async () => {
    const { token, userId } = await signedInUser(server);
    const p = await start(token);
    expect(await notify('pay', paymentSample(p, userId), { remoteAddress: '192.168.1.20' })).toEqual({ status: 200, code: 0 });
  });
});

describe('CloudPayments’ notifications as it sends them', () => {
  const logLines: string[] = [];
  const server = useTestServer('pglite', { logLines });
  const { start, notify, charges } = cardTools(server);

  it.each([
    ['JSON', true],
    ['form-encoded', false],
  ])(
    'the documented Check, Pay, Fail, Refund and Recurrent samples (%s), with null fields and a boolean TestMode, are read',
    async (_name, json) => {
      const { token, userId } = await signedInUser(server);
      const declined = await start(token);
      const failed = paymentSample(declined, userId, { Status: 'Declined', Reason: 'InsufficientFunds', ReasonCode: 5051, AuthCode: null });
      expect(await notify('check', paymentSample(declined, userId), { json })).toEqual({ status: 200, code: 0 });
      expect(await notify('fail', failed, { json })).toEqual({ status: 200, code: 0 });
      expect((await findPayment(server.db, declined.paymentId))!.status).toBe('FAILED');
      const p = await start(token);
      const pay = paymentSample(p, userId);
      expect(await notify('check', paymentSample(p, userId), { json })).toEqual({ status: 200, code: 0 });
      expect(await notify('pay', pay, { json })).toEqual({ status: 200, code: 0 });
      expect((await findPayment(server.db, p.paymentId))!.status).toBe('SUCCEEDED');
      // An InvoiceId that is null names no invoice of ours: refused with the protocol's code, not a 400.
      expect(await notify('check', paymentSample(p, userId, { InvoiceId: null }), { json })).toEqual({ status: 200, code: 10 });
      const recurrent = {
        Id: `sc_${declined.paymentId.slice(0, 8)}`,
        AccountId: String(userId),
        Description: 'ИИ Поиск «Кварты» на 30 дн.',
        Email: null,
        Amount: 1490,
        Currency: 'RUB',
        RequireConfirmation: false,
        StartDate: '2026-03-31 09:00:00',
        Interval: 'Day',
        Period: 30,
        Status: 'Active',
        SuccessfulTransactionsNumber: 1,
        FailedTransactionsNumber: 0,
        MaxPeriods: null,
        LastTransactionDate: '2026-03-01 09:00:00',
        NextTransactionDate: '2026-03-31 09:00:00',
      };
      expect(await notify('recurrent', recurrent, { json })).toEqual({ status: 200, code: 0 });
      const refund = {
        TransactionId: ++transactions,
        PaymentTransactionId: pay.TransactionId,
        Amount: p.amount,
        DateTime: '2026-03-02 09:00:00',
        OperationType: 'Refund',
        InvoiceId: p.paymentId,
        AccountId: String(userId),
        Email: null,
        Data: json ? { note: 'возврат' } : null,
        Rrn: null,
      };
      expect(await notify('refund', refund, { json })).toEqual({ status: 200, code: 0 });
      expect((await findPayment(server.db, p.paymentId))!.status).toBe('REFUNDED');
      expect(await charges(p.paymentId)).toEqual({ granted: 1 });
    },
  );

  it('a Recurrent status we do not know (Paused) is answered 0 and logged, never refused', async () => {
    const { userId } = await signedInUser(server);
    const paused = { Id: 'sc_paused_1', AccountId: String(userId), Status: 'Paused', Email: null, RequireConfirmation: true, Amount: null };
    expect(await notify('recurrent', paused, { json: true })).toEqual({ status: 200, code: 0 });
    expect(await notify('recurrent', paused)).toEqual({ status: 200, code: 0 });
    expect(logLines.some((line) => line.includes('sc_paused_1') && line.includes('Paused'))).toBe(true);
  });

  it('receipt items carry the FFD 1.2 measurement unit (0: pieces or units) in the first and the renewal receipt', async () => {
    const { token } = await signedInUser(server);
    const p = await start(token);
    if (p.checkout?.kind !== 'cloudpayments') throw new Error('not a card payment');
    const { CustomerReceipt, recurrent } = p.checkout.options.data.CloudPayments;
    expect(CustomerReceipt.Items.map((i) => i.measurementUnit)).toEqual([0]);
    expect(recurrent.customerReceipt.Items.map((i) => i.measurementUnit)).toEqual([0]);
  });
});
