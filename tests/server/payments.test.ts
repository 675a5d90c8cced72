import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { completePayment } from '../../server/subscription/payments';
import { extendSubscription } from '../../server/subscription/subscriptions';
import { sandboxPaymentPage } from '../../server/subscription/sandbox-page';
import { parseExpiredAt } from '@kvarta/contract/lira-rules';
import { subscriptionRequestSchema, type Payment, type Subscription } from '@kvarta/contract/subscription';
import { as, DATABASES, TEST_TELEGRAM, sandboxPaymentRow, signedInUser, useTestServer } from './helpers';
import { DEMO_PROMOCODES } from '../../server/subscription/demo-promocodes';

type Ok<T> = { result: 'ok'; data: T };
const DAY = 86_400_000;
const T0 = new Date('2026-03-01T09:00:00Z');

describe('returnPath of the sandbox payment page', () => {
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

  it('a stored hostile path is never embedded: the page falls back to /agent and has one script', () => {
    const row = sandboxPaymentRow('/</script><script>alert(1)</script>');
    const html = sandboxPaymentPage(row);
    expect(html.match(/<\/script>/gi)).toHaveLength(1);
    expect(html).not.toContain('alert(1)');
    expect(html).toContain('data-back="/agent"');
    expect(sandboxPaymentPage({ ...row, returnPath: '/\\evil.com' })).toContain('data-back="/agent"');
    expect(sandboxPaymentPage({ ...row, returnPath: '/tma/agent?x=1' })).toContain('data-back="/tma/agent?x=1"');
  });
});

describe('PAYMENTS_SANDBOX and TRUST_PROXY', () => {
  const base = { JWT_SECRET: 'x'.repeat(40), DATA_DIR: '/tmp/kvarta-config-test' };
  it('are off by default and read as flags; a fresh machine without a token has the stand-in', () => {
    const fresh = loadConfig(base);
    expect(fresh).toMatchObject({ paymentsSandbox: false, trustProxy: false });
    expect(fresh.telegram.standIn).toBe(true);
    expect(loadConfig({ ...base, PAYMENTS_SANDBOX: '1', TRUST_PROXY: '1' })).toMatchObject({ paymentsSandbox: true, trustProxy: 1 });
    expect(
      loadConfig({ ...base, NODE_ENV: 'production', TELEGRAM_BOT_TOKEN: '123456:REAL_token_of_a_production_bot_0000' }).telegram.standIn,
    ).toBe(false);
    expect(() => loadConfig({ ...base, TRUST_PROXY: 'yes' })).toThrow(/TRUST_PROXY/);
  });
});

describe('without the Telegram stand-in the sandbox is off (a live bot, NODE_ENV=test)', () => {
  const server = useTestServer('pglite', { telegram: { ...TEST_TELEGRAM, mode: 'live', standIn: false } });
  it('a paid period answers 503 and there is no sandbox page', async () => {
    const { token } = await signedInUser(server);
    const res = await server.call({
      method: 'POST',
      url: '/api/cabinet/payments',
      payload: { days: 30, serviceType: 'LIRA_4' },
      headers: as(token),
    });
    expect(res.status).toBe(503);
    expect((await server.app.inject({ method: 'POST', url: '/dev/payments/abcdef12-0000/approve' })).statusCode).toBe(404);
  });
});

describe('PAYMENTS_SANDBOX=1 turns the sandbox on without the stand-in; TRUST_PROXY reads X-Forwarded-For', () => {
  const server = useTestServer('pglite', {
    telegram: { ...TEST_TELEGRAM, mode: 'live', standIn: false },
    paymentsSandbox: true,
    trustProxy: 1,
  });
  it('starts a sandbox payment', async () => {
    const { token } = await signedInUser(server);
    const res = await server.call<Ok<Payment>>({
      method: 'POST',
      url: '/api/cabinet/payments',
      payload: { days: 30, serviceType: 'LIRA_4' },
      headers: as(token),
    });
    expect(res.status).toBe(200);
    expect(res.body.data.provider).toBe('sandbox');
  });
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
    server.ctx().now = () => new Date();
  });
  const at = (date: Date) => {
    server.ctx().now = () => date;
  };
  const start = async (token: string, body: object) =>
    server.call<Ok<Payment>>({
      method: 'POST',
      url: '/api/cabinet/payments',
      payload: { serviceType: 'LIRA_4', ...body },
      headers: as(token),
    });
  // The payer's link carries the secret approve/decline ask for.
  const decide = (p: Payment, decision: 'approve' | 'decline') =>
    server.call<Ok<Payment>>({
      method: 'POST',
      url: `/dev/payments/${p.paymentId}/${decision}`,
      payload: { key: new URL(p.url, 'http://x').hash.replace('#key=', '') },
    });
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
    expect((await decide(a, 'approve')).body.data.status).toBe('FAILED');
    expect((await decide(b, 'approve')).body.data.status).toBe('SUCCEEDED');
    expect(parseExpiredAt((await subscription(token)).expiredAt)!.getTime()).toBe(T0.getTime() + 30 * DAY);
    const third = await start(token, { days: 30, promocode: DEMO_PROMOCODES.percent.code });
    expect(third.status).toBe(400);
    expect((third.body as unknown as { message: string }).message).toBe('Вы уже использовали этот промокод');
    // A declined payment keeps the code usable.
    const other = await signedInUser(server);
    const declined = (await start(other.token, { days: 7, promocode: DEMO_PROMOCODES.percent.code })).body.data;
    expect((await decide(declined, 'decline')).body.data.status).toBe('FAILED');
    expect((await start(other.token, { days: 7, promocode: DEMO_PROMOCODES.percent.code })).status).toBe(200);
  });

  it('two payments confirmed at the same time both add their days', async () => {
    at(T0);
    const { token } = await signedInUser(server);
    const a = (await start(token, { days: 30 })).body.data;
    const b = (await start(token, { days: 7 })).body.data;
    await Promise.all([completePayment(server.db, a.paymentId, 'SUCCEEDED', T0), completePayment(server.db, b.paymentId, 'SUCCEEDED', T0)]);
    expect(parseExpiredAt((await subscription(token)).expiredAt)!.getTime()).toBe(T0.getTime() + 37 * DAY);
  });

  // Only PostgreSQL runs transactions side by side (PGlite queues them), so only there can one wait for another.
  if (kind === 'postgres') {
    it('a payment confirmed while another extension is in flight waits for it instead of losing its days', async () => {
      const { token, userId } = await signedInUser(server);
      const b = (await start(token, { days: 7 })).body.data;
      let second: Promise<unknown> | undefined;
      await server.db.transaction(async (tx) => {
        await extendSubscription(tx, userId, 30, T0, true);
        second = completePayment(server.db, b.paymentId, 'SUCCEEDED', T0);
        // Commit only once the other transaction is blocked behind this one (it has read what it reads).
        for (let i = 0; ; i++) {
          const { rows } = await server.db.query<{ n: number }>(
            'SELECT count(*)::int AS n FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid WHERE NOT l.granted AND a.datname = current_database()',
          );
          if (rows[0]!.n > 0) break;
          if (i > 500) throw new Error('the second transaction never waited');
          await new Promise((r) => setTimeout(r, 10));
        }
      });
      await second;
      at(T0);
      expect(parseExpiredAt((await subscription(token)).expiredAt)!.getTime()).toBe(T0.getTime() + 37 * DAY);
    });
  }

  it("the payment keeps its provider's URL; the sandbox buttons refuse other providers' payments", async () => {
    const { token, userId } = await signedInUser(server);
    const started = (await start(token, { days: 30 })).body.data;
    const { rows } = await server.db.query<{ url: string }>('SELECT url FROM payments WHERE id = $1', [started.paymentId]);
    // Stored without the payer's secret: only the payer's answer carried it.
    expect(started.url).toBe(`${rows[0]!.url}#key=${new URL(started.url, 'http://x').hash.slice('#key='.length)}`);
    expect(rows[0]!.url).toBe(`/dev/payments/${started.paymentId}`);
    await server.db.query(`UPDATE payments SET provider = 'card', url = 'https://pay.example/w/1' WHERE id = $1`, [started.paymentId]);
    const shown = await server.call<Ok<Payment>>({ method: 'GET', url: `/api/cabinet/payments/${started.paymentId}`, headers: as(token) });
    expect(shown.body.data).toMatchObject({ provider: 'card', url: 'https://pay.example/w/1' });
    expect((await decide(started, 'approve')).status).toBe(409);
    const { rows: after } = await server.db.query<{ status: string }>('SELECT status FROM payments WHERE id = $1', [started.paymentId]);
    expect(after[0]!.status).toBe('PENDING');
    expect((await server.db.query('SELECT 1 FROM subscriptions WHERE user_id = $1', [userId])).rows).toHaveLength(0);
  });
});
