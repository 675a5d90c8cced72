import { afterEach, describe, expect, it } from 'vitest';
import type { Payment, Subscription } from '@kvarta/contract/subscription';
import type { OfflineBot } from '../../server/dev/telegram/offline-bot';
import { FAKE_CLOUDPAYMENTS } from '../../server/dev/cloudpayments/fake';
import { signBody } from '../../server/subscription/cloudpayments/signature';
import { ALREADY_RENEWS, findPayment } from '../../server/subscription/payments';
import { as, cardPayments, DATABASES, signedInUser, useTestServer } from './helpers';

type Ok<T> = { result: 'ok'; data: T };
const DAY = 86_400_000;
const T0 = new Date('2026-03-01T09:00:00Z');

describe.each(DATABASES)('one account, one renewing subscription, on %s', (kind) => {
  const server = useTestServer(kind, { app: { jobs: { providerRetrySeconds: 0.05 } } });
  const bot = () => server.app.bot as OfflineBot;
  afterEach(() => {
    server.app.now = () => new Date();
  });
  const { start, charge, at, queue, subscription, fakeState } = cardPayments(server);
  const outage = (on: boolean) => server.call({ method: 'POST', url: '/dev/cloudpayments/outage', payload: { on } });
  const startStars = (token: string, days: number) =>
    server.call<Ok<Payment>>({
      method: 'POST',
      url: '/api/cabinet/payments',
      payload: { serviceType: 'LIRA_4', days, method: 'stars' },
      headers: as(token),
    });
  /** Telegram's successful_payment for a Stars invoice: a Star subscription's first charge unless said otherwise. */
  const starsPaid = (p: Payment, fromId: number, chargeId: string, recurring = true) =>
    bot().stars!.successfulPayment({
      fromId,
      currency: 'XTR',
      totalAmount: p.amount,
      payload: p.paymentId,
      chargeId,
      isRecurring: recurring,
      isFirstRecurring: recurring,
    });
  const recordedSubscriptionId = async (userId: number) =>
    (
      await server.db.query<{ provider_subscription_id: string }>('SELECT provider_subscription_id FROM subscriptions WHERE user_id = $1', [
        userId,
      ])
    ).rows[0]!.provider_subscription_id;
  const outcomes = async (paymentId: string) =>
    (
      await server.db.query<{ outcome: string; refunded: boolean }>(
        'SELECT outcome, refunded_at IS NOT NULL AS refunded FROM payment_charges WHERE payment_id = $1',
        [paymentId],
      )
    ).rows.map((r) => `${r.outcome}${r.outcome === 'refund' ? (r.refunded ? ':back' : ':owed') : ''}`);
  const chat = async (telegramId: number) => (await bot().messagesFor(telegramId)).map((m) => m.text);

  it('card, then Stars in the Mini App: no second renewing subscription; after a cancel the Stars one replaces the card, whose late charge goes back', async () => {
    at(T0);
    const { token, miniAppToken, userId, telegramId } = await signedInUser(server);
    await queue().work();
    expect(await charge(await start(token))).toMatchObject({ success: true });
    const card = await recordedSubscriptionId(userId);
    // While the card renews, the Mini App offers no renewing invoice…
    const refused = await startStars(miniAppToken, 30);
    expect(refused.status).toBe(409);
    expect((refused.body as unknown as { message: string }).message).toBe(ALREADY_RENEWS);
    // …but a one-off period: its days are added and the card stays the subscription that renews.
    const week = await startStars(miniAppToken, 7);
    expect(week.status).toBe(200);
    await starsPaid(week.body.data, telegramId, 'week-1', false);
    expect(await subscription(token)).toMatchObject({
      status: 'ACTIVE',
      expiredAt: '07.04.2026 12:00:00',
      autoRenewal: true,
      paymentMethod: 'card',
    });
    // «Отменить продление» while CloudPayments is down: it still renews there for now.
    await outage(true);
    await server.call({ method: 'DELETE', url: '/api/cabinet/profile/subscription', headers: as(token) });
    const month = await startStars(miniAppToken, 30);
    expect(month.status).toBe(200);
    await starsPaid(month.body.data, telegramId, 'stars-1');
    expect(await subscription(token)).toMatchObject({ status: 'ACTIVE', autoRenewal: true, paymentMethod: 'stars' });
    expect(await recordedSubscriptionId(userId)).toBe('stars-1');
    // CloudPayments had not heard: it charges the card. No days; the money goes back and the card subscription stops.
    at(new Date(T0.getTime() + 30 * DAY));
    expect(
      (await server.call<Ok<{ code: number }>>({ method: 'POST', url: '/dev/cloudpayments/renew', payload: { subscriptionId: card } })).body
        .data.code,
    ).toBe(0);
    await outage(false);
    await queue().idle();
    const state = await fakeState();
    expect(state.cancelRequests).toContain(card);
    expect(state.subscriptions.filter((s) => s.accountId === String(userId)).map((s) => s.status)).toEqual(['Cancelled']);
    expect(state.refunds).toHaveLength(1);
    expect(await subscription(token)).toMatchObject({ expiredAt: '07.05.2026 12:00:00', autoRenewal: true, paymentMethod: 'stars' });
    const { rows } = await server.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM payment_charges WHERE outcome = 'refund' AND refunded_at IS NULL AND transaction_id = ANY($1)`,
      [state.refunds.map(String)],
    );
    expect(rows[0]!.n).toBe(0);
    expect(await chat(telegramId)).not.toContain('Подписка за Telegram Stars отменена (stars-1)');
  });

  it('three open invoices (a card and two in Stars) all paid: the newest grants, the others go back, their subscriptions stop', async () => {
    at(T0);
    const { token, miniAppToken, userId, telegramId } = await signedInUser(server);
    await queue().work();
    const card = await start(token);
    const a = (await startStars(miniAppToken, 30)).body.data;
    const b = (await startStars(miniAppToken, 30)).body.data;
    // The card form stayed open past its Check: its charge still lands, opening a card subscription at the provider.
    const cardCharge = await server.call<Ok<{ success: boolean }>>({
      method: 'POST',
      url: '/dev/cloudpayments/charge',
      payload: { options: card.checkout?.kind === 'cloudpayments' ? card.checkout.options : null, cardNumber: '4242', check: false },
    });
    expect(cardCharge.body.data.success).toBe(true);
    await starsPaid(a, telegramId, 'a-1');
    await starsPaid(b, telegramId, 'b-1');
    await queue().idle();
    expect(await outcomes(card.paymentId)).toEqual(['refund:back']);
    expect(await outcomes(a.paymentId)).toEqual(['refund:back']);
    expect(await outcomes(b.paymentId)).toEqual(['granted']);
    expect((await findPayment(server.db, b.paymentId))!.status).toBe('SUCCEEDED');
    expect(await subscription(token)).toMatchObject({ expiredAt: '31.03.2026 12:00:00', autoRenewal: true, paymentMethod: 'stars' });
    const state = await fakeState();
    expect(state.subscriptions.filter((s) => s.accountId === String(userId)).map((s) => s.status)).toEqual(['Cancelled']);
    expect(await chat(telegramId)).toEqual(
      expect.arrayContaining(['Подписка за Telegram Stars отменена (a-1)', 'Звёзды возвращены (a-1)']),
    );
    expect(await chat(telegramId)).not.toContain('Подписка за Telegram Stars отменена (b-1)');
  });

  it('a Star renewal of a subscription that is no longer the recorded one grants nothing: the Stars go back, it is cancelled', async () => {
    const T = new Date('2026-05-01T09:00:00Z');
    at(T);
    const { token, miniAppToken, telegramId } = await signedInUser(server);
    await queue().work();
    const first = (await startStars(miniAppToken, 30)).body.data;
    await starsPaid(first, telegramId, 'old-1');
    await server.call({ method: 'DELETE', url: '/api/cabinet/profile/subscription', headers: as(token) });
    const second = (await startStars(miniAppToken, 30)).body.data;
    await starsPaid(second, telegramId, 'new-1');
    expect(await subscription(token)).toMatchObject({ expiredAt: '30.06.2026 12:00:00', autoRenewal: true });
    // Telegram renews the old Star subscription anyway (its payload is the first invoice's).
    await bot().stars!.successfulPayment({
      fromId: telegramId,
      currency: 'XTR',
      totalAmount: first.amount,
      payload: first.paymentId,
      chargeId: 'old-2',
      isRecurring: true,
      isFirstRecurring: false,
    });
    await queue().idle();
    expect((await subscription(token)).expiredAt).toBe('30.06.2026 12:00:00');
    expect(await chat(telegramId)).toEqual(
      expect.arrayContaining(['Звёзды возвращены (old-2)', 'Подписка за Telegram Stars отменена (old-1)']),
    );
  });

  it('refunded_payment from Telegram marks the payment REFUNDED and takes its days back, once', async () => {
    const T = new Date('2026-05-01T09:00:00Z');
    at(T);
    const { token, miniAppToken, telegramId } = await signedInUser(server);
    await queue().work();
    const p = (await startStars(miniAppToken, 30)).body.data;
    await starsPaid(p, telegramId, 'refunded-1');
    expect((await subscription(token)).expiredAt).toBe('31.05.2026 12:00:00');
    at(new Date(T.getTime() + 2 * DAY));
    const refund = { fromId: telegramId, currency: 'XTR', totalAmount: p.amount, payload: p.paymentId, chargeId: 'refunded-1' };
    await bot().stars!.refundedPayment(refund);
    await bot().stars!.refundedPayment(refund);
    expect((await findPayment(server.db, p.paymentId))!.status).toBe('REFUNDED');
    const after = await subscription(token);
    expect(after).toMatchObject({ status: 'EXPIRED', expiredAt: '03.05.2026 12:00:00', autoRenewal: false });
    expect(after.payments[0]).toMatchObject({ status: 'REFUNDED', method: 'stars' });
    // Our refund job finds the money back already: it never sends the Stars a second time.
    const { rows } = await server.db.query<{ refunded: boolean }>(
      `SELECT refunded_at IS NOT NULL AS refunded FROM payment_charges WHERE transaction_id = 'refunded-1'`,
    );
    expect(rows).toEqual([{ refunded: true }]);
  });
});

describe('CloudPayments’ signatures and statuses', () => {
  const server = useTestServer('pglite', { app: { jobs: { providerRetrySeconds: 0.05 } } });
  const { start, charge } = cardPayments(server);
  const send = async (kind: string, body: string, headers: Record<string, string>) => {
    const res = await server.app.inject({
      method: 'POST',
      url: `/api/payments/cloudpayments/${kind}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      payload: body,
    });
    return { status: res.statusCode, code: res.json<{ code: number }>().code };
  };
  const subscription = async (token: string) =>
    (await server.call<Ok<Subscription>>({ method: 'GET', url: '/api/cabinet/profile/subscription', headers: as(token) })).body.data;

  it('a notification signed only with X-Content-HMAC (over the URL-decoded body) is accepted; a wrong one is refused', async () => {
    const { token, userId } = await signedInUser(server);
    const p = await start(token);
    const fields = {
      TransactionId: String(Math.floor(Math.random() * 1e9)),
      Amount: p.amount.toFixed(2),
      Currency: 'RUB',
      InvoiceId: p.paymentId,
      AccountId: String(userId),
      Description: 'ИИ Поиск «Кварты» на 30 дн.',
      Email: 'buyer+1@example.ru',
    };
    const body = new URLSearchParams(fields).toString();
    const decoded = decodeURIComponent(body.replace(/\+/g, ' '));
    expect(decoded).not.toBe(body);
    expect(await send('pay', body, { 'x-content-hmac': signBody(decoded, 'not-the-secret') })).toEqual({ status: 401, code: 13 });
    expect(await send('pay', body, { 'x-content-hmac': 'garbage' })).toEqual({ status: 401, code: 13 });
    expect((await findPayment(server.db, p.paymentId))!.status).toBe('PENDING');
    expect(await send('pay', body, { 'x-content-hmac': signBody(decoded, FAKE_CLOUDPAYMENTS.apiSecret) })).toEqual({
      status: 200,
      code: 0,
    });
    expect((await findPayment(server.db, p.paymentId))!.status).toBe('SUCCEEDED');
  });

  it('Active after PastDue restores ACTIVE, even with the same counters as the first Active', async () => {
    const { token, userId } = await signedInUser(server);
    await charge(await start(token));
    const { rows } = await server.db.query<{ id: string }>('SELECT provider_subscription_id AS id FROM subscriptions WHERE user_id = $1', [
      userId,
    ]);
    const recurrent = (Status: string) => {
      const body = new URLSearchParams({ Id: rows[0]!.id, AccountId: String(userId), Status }).toString();
      return send('recurrent', body, { 'content-hmac': signBody(body, FAKE_CLOUDPAYMENTS.apiSecret) });
    };
    expect(await recurrent('Active')).toEqual({ status: 200, code: 0 });
    expect(await recurrent('PastDue')).toEqual({ status: 200, code: 0 });
    expect((await subscription(token)).status).toBe('PAST_DUE');
    expect(await recurrent('Active')).toEqual({ status: 200, code: 0 });
    expect((await subscription(token)).status).toBe('ACTIVE');
  });
});
