import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../server/config';
import { findPayment, payInvoice } from '../../server/subscription/payments';
import { extendSubscription } from '../../server/subscription/subscriptions';
import { parseExpiredAt } from '@kvarta/contract/lira-rules';
import { subscriptionRequestSchema, type Payment, type Subscription } from '@kvarta/contract/subscription';
import { as, DATABASES, TEST_OPERATOR_ENV, TEST_TELEGRAM, signedInUser, useTestServer } from './helpers';
import { DEMO_PROMOCODES } from '../../server/demo/promocodes';

type Ok<T> = { result: 'ok'; data: T };
const DAY = 86_400_000;
const T0 = new Date('2026-03-01T09:00:00Z');

describe('returnPath of a payment page', () => {
  const parse = (returnPath: string) => subscriptionRequestSchema.safeParse({ days: 30, serviceType: 'LIRA_4', returnPath }).success;

  it('accepts only paths of this site', () => {
    for (const ok of ['/agent', '/tma/agent', '/agent?tab=map&x=1', '/a-b_c/d.e%20f']) expect(parse(ok), ok).toBe(true);
    for (const bad of [
      '//evil.com',
      '/\\evil.com',
      '/</script><script>alert(1)</script>',
      'https://evil.com',
      'agent',
      '/a"b',
      "/a'b",
      '/a b',
      '/a\nb',
      '/javascript:x<',
    ]) {
      expect(parse(bad), bad).toBe(false);
    }
  });
});

describe('payment settings and TRUST_PROXY', () => {
  const base = { JWT_SECRET: 'x'.repeat(40), DATA_DIR: '/tmp/kvarta-config-test' };
  it('card keys come in pairs, prices parse or the server refuses to start; a fresh machine has the stand-in', () => {
    const fresh = loadConfig(base);
    expect(fresh).toMatchObject({ trustProxy: false, payments: { cloudPayments: null, receipt: { taxationSystem: 1, vat: null } } });
    expect(fresh.payments.plans.map((p) => p.days)).toEqual([7, 30, 90]);
    expect(fresh.telegram.standIn).toBe(true);
    expect(() => loadConfig({ ...base, CLOUDPAYMENTS_PUBLIC_ID: 'pk_123456' })).toThrow(/CLOUDPAYMENTS_API_SECRET задаются вместе/);
    const keyed = loadConfig({
      ...base,
      CLOUDPAYMENTS_PUBLIC_ID: 'pk_123456',
      CLOUDPAYMENTS_API_SECRET: 'secret-123',
      CLOUDPAYMENTS_VAT: '20',
    });
    expect(keyed.payments).toMatchObject({
      cloudPayments: { publicId: 'pk_123456', apiUrl: 'https://api.cloudpayments.ru' },
      receipt: { vat: 20 },
    });
    expect(loadConfig({ ...base, SUBSCRIPTION_PRICES: '30:990:500, 14:590:300' }).payments.plans).toEqual([
      { days: 14, rub: 590, stars: 300 },
      { days: 30, rub: 990, stars: 500 },
    ]);
    expect(() => loadConfig({ ...base, SUBSCRIPTION_PRICES: '30:990' })).toThrow(/SUBSCRIPTION_PRICES: «30:990»/);
    expect(() => loadConfig({ ...base, SUBSCRIPTION_PRICES: '30:990:1,30:1:1' })).toThrow(/один раз/);
    expect(loadConfig({ ...base, TRUST_PROXY: '1' })).toMatchObject({ trustProxy: 1 });
    expect(
      loadConfig({
        ...base,
        ...TEST_OPERATOR_ENV,
        NODE_ENV: 'production',
        JWT_SECRET: '9c1e7f3a5b2d8046e1f9a7c3b5d20e8f4a6c1b9d7e3f5a2c',
        DEMO_CATALOGUE_PUBLIC: '1',
        TELEGRAM_BOT_TOKEN: '123456:REAL_token_of_a_production_bot_0000',
      }).telegram.standIn,
    ).toBe(false);
    expect(() => loadConfig({ ...base, TRUST_PROXY: 'yes' })).toThrow(/TRUST_PROXY/);
  });
});

describe('without the Telegram stand-in and without keys there is no card payment (a live bot, NODE_ENV=test)', () => {
  const server = useTestServer('pglite', { telegram: { ...TEST_TELEGRAM, mode: 'live', standIn: false } });
  it('a card payment answers 503 and the fake provider is not there', async () => {
    const { token } = await signedInUser(server);
    const res = await server.call({
      method: 'POST',
      url: '/api/cabinet/payments',
      payload: { days: 30, serviceType: 'LIRA_4' },
      headers: as(token),
    });
    expect(res.status).toBe(503);
    expect((res.body as { message: string }).message).toBe('Оплата картой временно недоступна');
    expect((await server.app.inject({ method: 'GET', url: '/dev/cloudpayments/widget.js' })).statusCode).toBe(404);
    expect((await server.app.inject({ method: 'POST', url: '/api/payments/cloudpayments/pay', payload: 'a=1' })).statusCode).toBe(404);
  });
});

describe('TRUST_PROXY reads X-Forwarded-For', () => {
  const server = useTestServer('pglite', { telegram: { ...TEST_TELEGRAM, mode: 'live', standIn: false }, trustProxy: 1 });
  it('the client address behind a proxy', async () => {
    const payload = {
      userName: 'Иван',
      phone: '+7 912 345 67 89',
      cityName: 'Москва',
      refererUrl: 'http://localhost/',
      extraField: 'x',
      agreed: true,
    };
    const res = await server.call({
      method: 'POST',
      url: '/bot-api/callback/sale',
      payload,
      remoteAddress: '10.0.0.1',
      headers: { 'x-forwarded-for': '203.0.113.7' },
    });
    expect(res.status).toBe(200);
    const { rows } = await server.db.query<{ client_ip: string }>('SELECT client_ip FROM callback_requests ORDER BY id DESC LIMIT 1');
    expect(rows[0]!.client_ip).toBe('203.0.113.7');
  });
});

describe.each(DATABASES)('payments on %s', (kind) => {
  const server = useTestServer(kind);
  afterEach(() => {
    server.app.now = () => new Date();
  });
  const at = (date: Date) => {
    server.app.now = () => date;
  };
  const start = async (token: string, body: object) =>
    server.call<Ok<Payment>>({
      method: 'POST',
      url: '/api/cabinet/payments',
      payload: { serviceType: 'LIRA_4', ...body },
      headers: as(token),
    });
  // The fake widget's «Оплатить»: Check, then Pay or Fail, signed as CloudPayments signs them.
  const decide = async (p: Payment, decision: 'approve' | 'decline') => {
    if (p.checkout?.kind !== 'cloudpayments') throw new Error('not a card payment');
    await server.call({
      method: 'POST',
      url: '/dev/cloudpayments/charge',
      payload: { options: p.checkout.options, cardNumber: decision === 'approve' ? '4242 4242 4242 4242' : '4000 0000 0000 0002' },
    });
    return { status: (await findPayment(server.db, p.paymentId))!.status };
  };
  const subscription = async (token: string) =>
    (
      await server.call<Ok<Subscription>>({
        method: 'GET',
        url: '/api/cabinet/profile/subscription?serviceType=LIRA_4',
        headers: as(token),
      })
    ).body.data;

  it('a hostile returnPath is refused with 400', async () => {
    const { token } = await signedInUser(server);
    for (const returnPath of ['/\\evil.com', '/</script><script>alert(1)</script>', '//evil.com']) {
      expect((await start(token, { days: 30, returnPath })).status, returnPath).toBe(400);
    }
  });

  it('a percent promocode discounts one payment only: a newer one replaces the pending one', async () => {
    at(T0);
    const { token } = await signedInUser(server);
    const a = (await start(token, { days: 30, promocode: DEMO_PROMOCODES.percent.code })).body.data;
    const b = (await start(token, { days: 30, promocode: DEMO_PROMOCODES.percent.code })).body.data;
    expect([a.amount, b.amount]).toEqual([1192, 1192]);
    expect((await decide(a, 'approve')).status).toBe('FAILED');
    expect((await decide(b, 'approve')).status).toBe('SUCCEEDED');
    expect(parseExpiredAt((await subscription(token)).expiredAt)!.getTime()).toBe(T0.getTime() + 30 * DAY);
    const third = await start(token, { days: 30, promocode: DEMO_PROMOCODES.percent.code });
    expect(third.status).toBe(400);
    expect((third.body as unknown as { message: string }).message).toBe('Вы уже использовали этот промокод');
    // A declined payment keeps the code usable.
    const other = await signedInUser(server);
    const declined = (await start(other.token, { days: 7, promocode: DEMO_PROMOCODES.percent.code })).body.data;
    expect((await decide(declined, 'decline')).status).toBe('FAILED');
    expect((await start(other.token, { days: 7, promocode: DEMO_PROMOCODES.percent.code })).status).toBe(200);
  });

  const settle = async (id: string, transactionId: string) => {
    const payment = (await findPayment(server.db, id))!;
    const plan = { method: 'card' as const, days: payment.days, amount: payment.amount, currency: 'RUB' as const };
    return server.db.transaction((tx) =>
      payInvoice(
        tx,
        payment,
        { method: 'card', transactionId, amount: payment.amount },
        { plan, renews: true },
        T0,
        server.app.redemptionMarker,
      ),
    );
  };

  it('a charge that lands after its account was deleted grants nothing and is owed back', async () => {
    at(T0);
    const { token } = await signedInUser(server);
    const open = (await start(token, { days: 30 })).body.data;
    const deleted = await server.call({
      method: 'POST',
      url: '/api/cabinet/profile/delete',
      payload: { confirm: true },
      headers: as(token),
    });
    expect(deleted.status).toBe(200);
    // The payment stays for the books, without its person.
    expect((await findPayment(server.db, open.paymentId))?.userId).toBeNull();
    expect(await settle(open.paymentId, 'after-deletion')).toBe('refund');
  });

  it('a newer invoice closes the older: both confirmed at the same time, the newer adds its days and the older goes back', async () => {
    at(T0);
    const { token } = await signedInUser(server);
    const a = (await start(token, { days: 30 })).body.data;
    const b = (await start(token, { days: 7 })).body.data;
    expect(await Promise.all([settle(a.paymentId, '1'), settle(b.paymentId, '2')])).toEqual(['refund', 'granted']);
    expect(parseExpiredAt((await subscription(token)).expiredAt)!.getTime()).toBe(T0.getTime() + 7 * DAY);
  });

  // Only PostgreSQL runs transactions side by side (PGlite queues them), so only there can one wait for another.
  if (kind === 'postgres') {
    it('a payment confirmed while another extension is in flight waits for it instead of losing its days', async () => {
      const { token, userId } = await signedInUser(server);
      const b = (await start(token, { days: 7 })).body.data;
      let second: Promise<unknown> | undefined;
      await server.db.transaction(async (tx) => {
        await extendSubscription(tx, userId, 30, T0, { plan: { method: 'card', days: 30, amount: 1490, currency: 'RUB' }, renews: true });
        second = settle(b.paymentId, '3');
        // Commit only once the other transaction is blocked behind this one (it has read what it reads).
        await vi.waitFor(
          async () => {
            const { rows } = await server.db.query<{ n: number }>(
              'SELECT count(*)::int AS n FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid WHERE NOT l.granted AND a.datname = current_database()',
            );
            expect(rows[0]!.n, 'the second transaction waits for a lock').toBeGreaterThan(0);
          },
          { timeout: 10_000, interval: 10 },
        );
      });
      await second;
      at(T0);
      expect(parseExpiredAt((await subscription(token)).expiredAt)!.getTime()).toBe(T0.getTime() + 37 * DAY);
    });
  }
});
