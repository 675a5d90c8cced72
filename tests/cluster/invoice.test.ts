import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Payment } from '@kvarta/contract/subscription';
import { DEV_BOT_TOKEN } from '../../server/auth/dev-bot';
import { loginWidgetHash } from '../../server/auth/telegram-login-widget';
import { FAKE_CLOUDPAYMENTS } from '../../server/dev/cloudpayments/fake';
import { signBody } from '../../server/subscription/cloudpayments/signature';
import { apiOf, freshDatabase, startInstance, stopInstance, waitReady, type Instance } from './instances';

/**
 * One invoice paid from two web instances on one PostgreSQL database: CloudPayments' notifications (signed as the
 * stand-in's fake signs them, from this machine) arrive at both at once, as the provider's servers deliver them.
 */
type Ok<T> = { result: 'ok'; data: T };
const BASE_PORT = 19_000 + Math.floor(Math.random() * 500);
const env = (url: string): Record<string, string> => ({
  DATABASE_URL: url,
  NODE_ENV: 'test',
  LOG_LEVEL: 'warn',
  CATALOGUE_SIZE: '1500',
  MARKET_TICK_MINUTES: '0',
  SHUTDOWN_TIMEOUT_MS: '3000',
});

describe('one invoice across two web instances', () => {
  let database: { url: string; drop: () => Promise<void> };
  let db: pg.Pool;
  let a: Instance;
  let b: Instance;

  beforeAll(async () => {
    database = await freshDatabase();
    db = new pg.Pool({ connectionString: database.url, max: 2 });
    a = startInstance('web', BASE_PORT, env(database.url));
    b = startInstance('web', BASE_PORT + 1, env(database.url));
    await Promise.all([a, b].map((i) => waitReady(i)));
  }, 180_000);

  afterAll(async () => {
    await Promise.all([a, b].map((i) => stopInstance(i)));
    await db?.end();
    await database?.drop();
  }, 60_000);

  let telegramIds = 990_000;
  /** A Telegram user signed in on A's website, with a card invoice for 30 days opened on B. */
  const invoice = async () => {
    const telegramId = ++telegramIds;
    // Signed in on the website (the Login Widget): a card is paid there, never inside Telegram.
    const fields = { id: String(telegramId), first_name: 'Счёт', auth_date: String(Math.floor(Date.now() / 1000)) };
    const widget = { ...fields, hash: loginWidgetHash(fields, DEV_BOT_TOKEN) };
    const login = await apiOf(a).call<Ok<{ token: string }>>('POST', '/passport/data/login/telegram', widget);
    const token = login.body.data.token;
    const started = await apiOf(b).call<Ok<Payment>>('POST', '/api/cabinet/payments', { serviceType: 'LIRA_4', days: 30 }, token);
    expect(started.status).toBe(200);
    const { rows } = await db.query<{ id: number }>('SELECT id FROM users WHERE telegram_id = $1', [String(telegramId)]);
    return { payment: started.body.data, userId: rows[0]!.id };
  };
  let transactions = 5_000_000_000;
  const notify = async (via: Instance, kind: string, fields: Record<string, string>) => {
    const body = new URLSearchParams(fields).toString();
    const res = await fetch(`${via.url}/api/payments/cloudpayments/${kind}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-hmac': signBody(body, FAKE_CLOUDPAYMENTS.apiSecret) },
      body,
    });
    return ((await res.json()) as { code: number }).code;
  };
  const fields = (p: Payment, userId: number) => ({
    TransactionId: String(++transactions),
    Amount: p.amount.toFixed(2),
    Currency: 'RUB',
    InvoiceId: p.paymentId,
    AccountId: String(userId),
    TestMode: '1',
  });
  const outcomes = async (paymentId: string) => {
    const { rows } = await db.query<{ outcome: string; n: number }>(
      'SELECT outcome, count(*)::int AS n FROM payment_charges WHERE payment_id = $1 GROUP BY outcome',
      [paymentId],
    );
    return Object.fromEntries(rows.map((r) => [r.outcome, r.n]));
  };
  const paidDays = async (userId: number) =>
    Number(
      (
        await db.query<{ days: number }>(
          `SELECT round(extract(epoch FROM expired_at - now()) / 86400)::int AS days FROM subscriptions WHERE user_id = $1`,
          [userId],
        )
      ).rows[0]?.days ?? 0,
    );

  it('ten Pays with different TransactionIds for one invoice, at once across both instances: 1 grant and 9 refunds', async () => {
    const { payment, userId } = await invoice();
    const pays = Array.from({ length: 10 }, () => fields(payment, userId));
    const codes = await Promise.all(pays.map((f, i) => notify(i % 2 === 0 ? a : b, 'pay', f)));
    expect(codes).toEqual(pays.map(() => 0));
    const result = await outcomes(payment.paymentId);
    console.log(`orphaned duplicate charges: ${10 - (result.granted ?? 0) - (result.refund ?? 0)} of 10`);
    expect(result).toEqual({ granted: 1, refund: 9 });
    const { rows } = await db.query<{ status: string }>('SELECT status FROM payments WHERE id = $1', [payment.paymentId]);
    expect(rows[0]!.status).toBe('SUCCEEDED');
    expect(await paidDays(userId)).toBe(30);
  });

  it('a declined card, then the widget’s retry on the same invoice through the other instance: granted once', async () => {
    const { payment, userId } = await invoice();
    const declined = fields(payment, userId);
    expect(await notify(a, 'check', declined)).toBe(0);
    expect(await notify(b, 'fail', { ...declined, Reason: 'InsufficientFunds', ReasonCode: '5051' })).toBe(0);
    const retry = fields(payment, userId);
    expect(await notify(b, 'check', retry)).toBe(0);
    expect(await notify(a, 'pay', retry)).toBe(0);
    expect(await outcomes(payment.paymentId)).toEqual({ granted: 1 });
    expect(await paidDays(userId)).toBe(30);
  });
});
