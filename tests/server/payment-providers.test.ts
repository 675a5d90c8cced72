import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseExpiredAt } from '@kvarta/contract/lira-rules';
import type { Payment, Subscription } from '@kvarta/contract/subscription';
import type { OfflineBot } from '../../server/dev/telegram/offline-bot';
import type { InProcessQueue } from '../../server/infra/in-process-queue';
import { FAKE_CLOUDPAYMENTS } from '../../server/dev/cloudpayments/fake';
import { signBody } from '../../server/subscription/cloudpayments/signature';
import { findPayment } from '../../server/subscription/payments';
import { PROVIDER_CANCEL_JOB } from '../../server/subscription/settlement';
import { CANCEL_RENEWAL_CALLBACK, remindRenewals } from '../../server/subscription/jobs';
import { as, cardPayments, DATABASES, signedInUser, useTestServer } from './helpers';

type Ok<T> = { result: 'ok'; data: T };
const DAY = 86_400_000;
const T0 = new Date('2026-03-01T09:00:00Z');

describe.each(DATABASES)('card payments through CloudPayments (its fake) on %s', (kind) => {
  const server = useTestServer(kind, { app: { jobs: { providerRetrySeconds: 0.05 } } });
  afterEach(() => {
    server.app.now = () => new Date();
  });
  const { start, charge, at, queue, subscription, fakeState } = cardPayments(server);
  /** A notification as CloudPayments sends it; `secret: null` sends none. */
  const notify = async (
    kind: string,
    fields: Record<string, string>,
    secret: string | null = FAKE_CLOUDPAYMENTS.apiSecret,
    header = 'content-hmac',
  ) => {
    const body = new URLSearchParams(fields).toString();
    const res = await server.app.inject({
      method: 'POST',
      url: `/api/payments/cloudpayments/${kind}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...(secret === null ? {} : { [header]: signBody(body, secret) }) },
      payload: body,
    });
    return { status: res.statusCode, code: res.json<{ code: number }>().code };
  };
  const payFields = (p: Payment, userId: number, extra: Record<string, string> = {}) => ({
    TransactionId: String(Math.floor(Math.random() * 1e9)),
    Amount: p.amount.toFixed(2),
    Currency: 'RUB',
    InvoiceId: p.paymentId,
    AccountId: String(userId),
    ...extra,
  });

  it('the widget gets our invoice, account, price, a 54-FZ receipt and a recurrent block; a paid month is ACTIVE and renews', async () => {
    at(T0);
    const { token, userId } = await signedInUser(server);
    const p = await start(token);
    expect(p).toMatchObject({ status: 'PENDING', provider: 'card', amount: 1490, currency: 'RUB', days: 30 });
    expect(p.checkout).toMatchObject({
      kind: 'cloudpayments',
      scriptUrl: FAKE_CLOUDPAYMENTS.widgetUrl,
      options: {
        publicId: FAKE_CLOUDPAYMENTS.publicId,
        amount: 1490,
        currency: 'RUB',
        invoiceId: p.paymentId,
        accountId: String(userId),
        email: 'buyer@example.ru',
        data: {
          CloudPayments: {
            CustomerReceipt: {
              taxationSystem: 1,
              email: 'buyer@example.ru',
              Items: [{ price: 1490, quantity: 1, vat: null, method: 4, object: 4 }],
            },
            recurrent: { interval: 'Day', period: 30, amount: 1490 },
          },
        },
      },
    });
    expect(await charge(p)).toEqual({ success: true, reason: null });
    expect((await findPayment(server.db, p.paymentId))!.status).toBe('SUCCEEDED');
    const sub = await subscription(token);
    expect(sub).toMatchObject({
      status: 'ACTIVE',
      expiredAt: '31.03.2026 12:00:00',
      autoRenewal: true,
      nextPaymentAt: '31.03.2026 12:00:00',
      nextPayment: { amount: 1490, currency: 'RUB' },
      paymentMethod: 'card',
      trial: false,
    });
    expect(sub.payments[0]).toMatchObject({ amount: 1490, currency: 'RUB', method: 'card', status: 'SUCCEEDED', renewal: false });
    const { rows } = await server.db.query<{ provider_subscription_id: string }>(
      'SELECT provider_subscription_id FROM subscriptions WHERE user_id = $1',
      [userId],
    );
    expect(rows[0]!.provider_subscription_id).toMatch(/^sc_/);
  });

  it('a forged, missing or other-secret Content-HMAC (or X-Content-HMAC) is refused and changes nothing', async () => {
    const { token, userId } = await signedInUser(server);
    const p = await start(token);
    const fields = payFields(p, userId);
    expect(await notify('pay', fields, null)).toEqual({ status: 401, code: 13 });
    expect(await notify('pay', fields, 'not-the-secret')).toEqual({ status: 401, code: 13 });
    expect(await notify('pay', fields, 'not-the-secret', 'x-content-hmac')).toEqual({ status: 401, code: 13 });
    // Signed, then changed on the way: the signature covers the exact bytes.
    const body = new URLSearchParams(fields).toString();
    const tampered = await server.app.inject({
      method: 'POST',
      url: '/api/payments/cloudpayments/pay',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-hmac': signBody(body, FAKE_CLOUDPAYMENTS.apiSecret) },
      payload: body.replace('Amount=1490.00', 'Amount=1.00'),
    });
    expect(tampered.statusCode).toBe(401);
    expect((await findPayment(server.db, p.paymentId))!.status).toBe('PENDING');
    expect((await server.call({ method: 'GET', url: '/api/cabinet/profile/subscription', headers: as(token) })).status).toBe(404);
  });

  it('the same Pay twice extends once; JSON notifications are read too', async () => {
    at(T0);
    const { token, userId } = await signedInUser(server);
    const p = await start(token);
    const fields = payFields(p, userId);
    expect(await notify('pay', fields)).toEqual({ status: 200, code: 0 });
    expect(await notify('pay', fields)).toEqual({ status: 200, code: 0 });
    expect((await subscription(token)).expiredAt).toBe('31.03.2026 12:00:00');
    const json = JSON.stringify({ ...fields });
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/payments/cloudpayments/pay',
      headers: { 'content-type': 'application/json', 'content-hmac': signBody(json, FAKE_CLOUDPAYMENTS.apiSecret) },
      payload: json,
    });
    expect(res.json()).toEqual({ code: 0 });
    expect((await subscription(token)).expiredAt).toBe('31.03.2026 12:00:00');
  });

  it('an amount, currency, account or invoice mismatch is refused with the provider codes and changes nothing', async () => {
    const { token, userId } = await signedInUser(server);
    const other = await signedInUser(server);
    const p = await start(token);
    expect((await notify('check', payFields(p, userId))).code).toBe(0);
    expect((await notify('check', payFields(p, userId, { Amount: '1.00' }))).code).toBe(12);
    expect((await notify('pay', payFields(p, userId, { Amount: '1.00' }))).code).toBe(12);
    expect((await notify('pay', payFields(p, userId, { Currency: 'USD' }))).code).toBe(12);
    expect((await notify('pay', payFields(p, other.userId))).code).toBe(11);
    expect((await notify('pay', payFields(p, userId, { InvoiceId: '00000000-0000-4000-8000-000000000000' }))).code).toBe(10);
    expect((await notify('pay', { TransactionId: 'x', Amount: 'lots' })).status).toBe(400);
    expect((await findPayment(server.db, p.paymentId))!.status).toBe('PENDING');
    // A refused Pay left no trace: the same TransactionId with the right fields still counts.
    const fields = payFields(p, userId);
    expect((await notify('pay', { ...fields, Amount: '1.00' })).code).toBe(12);
    expect((await notify('pay', fields)).code).toBe(0);
    expect((await findPayment(server.db, p.paymentId))!.status).toBe('SUCCEEDED');
  });

  it('a declined card fails the payment; Recurrent PastDue → PAST_DUE, then a successful renewal → ACTIVE with the period extended', async () => {
    at(T0);
    const { token, userId } = await signedInUser(server);
    const declined = await start(token);
    expect((await charge(declined, '4000 0000 0000 0002')).success).toBe(false);
    expect((await findPayment(server.db, declined.paymentId))!.status).toBe('FAILED');
    const p = await start(token);
    await charge(p);
    const { rows } = await server.db.query<{ provider_subscription_id: string }>(
      'SELECT provider_subscription_id FROM subscriptions WHERE user_id = $1',
      [userId],
    );
    const subscriptionId = rows[0]!.provider_subscription_id;
    at(new Date(T0.getTime() + 30 * DAY + 3_600_000));
    await server.call({ method: 'POST', url: '/dev/cloudpayments/renew', payload: { subscriptionId, decline: true } });
    expect((await subscription(token)).status).toBe('PAST_DUE');
    await server.call({ method: 'POST', url: '/dev/cloudpayments/renew', payload: { subscriptionId } });
    const renewed = await subscription(token);
    expect(renewed).toMatchObject({ status: 'ACTIVE', autoRenewal: true });
    expect(parseExpiredAt(renewed.expiredAt)!.getTime()).toBe(T0.getTime() + 60 * DAY + 3_600_000);
    expect(renewed.payments.slice(0, 2).map((x) => [x.status, x.renewal])).toEqual([
      ['SUCCEEDED', true],
      ['FAILED', true],
    ]);
  });

  it('cancel calls the provider (retried while it is down); a renewal charged before it heard is refunded', async () => {
    at(T0);
    const { token, userId } = await signedInUser(server);
    await charge(await start(token));
    const { rows } = await server.db.query<{ provider_subscription_id: string }>(
      'SELECT provider_subscription_id FROM subscriptions WHERE user_id = $1',
      [userId],
    );
    const subscriptionId = rows[0]!.provider_subscription_id;
    await queue().work();
    let failedCancels = 0;
    queue().observe((job, outcome) => {
      if (job === PROVIDER_CANCEL_JOB && outcome === 'failed') failedCancels += 1;
    });
    await server.call({ method: 'POST', url: '/dev/cloudpayments/outage', payload: { on: true } });
    const cancelled = await server.call<Ok<Subscription>>({
      method: 'DELETE',
      url: '/api/cabinet/profile/subscription',
      headers: as(token),
    });
    expect(cancelled.body.data).toMatchObject({
      status: 'CANCELLED',
      autoRenewal: false,
      nextPaymentAt: null,
      expiredAt: '31.03.2026 12:00:00',
    });
    // The provider is down: the cancel job fails and is tried again.
    await vi.waitFor(() => expect(failedCancels, 'failed tries of the cancel').toBeGreaterThanOrEqual(2), { timeout: 10_000 });
    expect((await fakeState()).cancellations).not.toContain(subscriptionId);
    // Meanwhile the provider still charges the card: the money goes back, no days are given.
    at(new Date(T0.getTime() + 30 * DAY));
    await server.call({ method: 'POST', url: '/dev/cloudpayments/renew', payload: { subscriptionId } });
    await server.call({ method: 'POST', url: '/dev/cloudpayments/outage', payload: { on: false } });
    await queue().idle();
    const state = await fakeState();
    expect(state.cancellations).toContain(subscriptionId);
    expect(state.refunds).toHaveLength(1);
    const after = await subscription(token);
    expect(after.expiredAt).toBe('31.03.2026 12:00:00');
    expect(after.payments[0]).toMatchObject({ status: 'REFUNDED', renewal: true });
  });

  it('a day before a paid renewal the bot names the amount once, and «Отменить продление» cancels it at the provider', async () => {
    at(T0);
    const { token, telegramId } = await signedInUser(server);
    await queue().work();
    await charge(await start(token));
    const bot = server.app.bot as OfflineBot;
    const reminders = async () => (await bot.messagesFor(telegramId)).filter((m) => m.text.startsWith('Завтра'));
    // Two days before: too early; 20 hours before: once, however many workers ask (the database holds other users too).
    at(new Date(T0.getTime() + 28 * DAY));
    await remindRenewals(server.app);
    expect(await reminders()).toHaveLength(0);
    at(new Date(T0.getTime() + 29 * DAY + 4 * 3_600_000));
    await Promise.all([remindRenewals(server.app), remindRenewals(server.app)]);
    expect(await remindRenewals(server.app)).toBe(0);
    expect(await reminders()).toHaveLength(1);
    const reminder = (await bot.messagesFor(telegramId)).at(-1)!;
    expect(reminder.text).toBe(
      'Завтра, 31.03.2026 12:00 (МСК), ИИ Поиск продлится: спишем 1\u00a0490 ₽ с карты. Если продлевать не нужно, отмените — доступ останется до конца оплаченного периода.',
    );
    expect(reminder.buttons).toEqual([[{ text: 'Отменить продление', callbackData: CANCEL_RENEWAL_CALLBACK }]]);
    const pressed = await server.call<Ok<{ text: string }>>({
      method: 'POST',
      url: '/dev/telegram/callback',
      payload: { data: CANCEL_RENEWAL_CALLBACK, user: { id: telegramId, first_name: 'Лира' } },
    });
    expect(pressed.body.data.text).toBe('Продление отменено. ИИ Поиск работает до 31.03.2026');
    await queue().idle();
    const { rows } = await server.db.query<{ provider_subscription_id: string }>(
      'SELECT provider_subscription_id FROM subscriptions WHERE user_id = (SELECT id FROM users WHERE telegram_id = $1)',
      [String(telegramId)],
    );
    expect((await fakeState()).cancellations).toContain(rows[0]!.provider_subscription_id);
    expect(await subscription(token)).toMatchObject({ status: 'CANCELLED', autoRenewal: false, nextPaymentAt: null });
  });

  it('the trial never renews: no next payment, no method, and it says it is a trial', async () => {
    const { token } = await signedInUser(server);
    await server.call({
      method: 'POST',
      url: '/api/cabinet/profile/subscription',
      payload: { serviceType: 'LIRA_4', promocode: 'TRIAL3', days: 3 },
      headers: as(token),
    });
    expect(await subscription(token)).toMatchObject({
      status: 'ACTIVE',
      trial: true,
      autoRenewal: false,
      nextPaymentAt: null,
      nextPayment: null,
      paymentMethod: null,
    });
  });
});

describe.each(DATABASES)('Telegram Stars through the bot (its stand-in) on %s', (kind) => {
  const server = useTestServer(kind, { app: { jobs: { providerRetrySeconds: 0.05 } } });
  afterEach(() => {
    server.app.now = () => new Date();
  });
  const bot = () => server.app.bot as OfflineBot;
  const startStars = async (token: string, days = 30) =>
    (
      await server.call<Ok<Payment>>({
        method: 'POST',
        url: '/api/cabinet/payments',
        payload: { serviceType: 'LIRA_4', days, method: 'stars' },
        headers: as(token),
      })
    ).body.data;
  const subscription = async (token: string) =>
    (await server.call<Ok<Subscription>>({ method: 'GET', url: '/api/cabinet/profile/subscription', headers: as(token) })).body.data;
  const paid = (p: Payment, fromId: number, chargeId: string, extra: object = {}) => ({
    fromId,
    currency: 'XTR',
    totalAmount: p.amount,
    payload: p.paymentId,
    chargeId,
    isRecurring: true,
    isFirstRecurring: true,
    ...extra,
  });

  it('a 30-day invoice is a Star subscription in XTR from the same price list; pre-checkout checks payer, amount and state', async () => {
    const { token, telegramId } = await signedInUser(server);
    // A shorter period is a one-time Stars payment (opened first: a newer invoice closes the older).
    expect((await startStars(token, 7)).checkout).toMatchObject({ kind: 'stars' });
    const p = await startStars(token);
    expect(p).toMatchObject({ provider: 'stars', currency: 'XTR', amount: 750, checkout: { kind: 'stars' } });
    const slug = p.checkout!.kind === 'stars' ? p.checkout!.invoiceLink.split('/').pop()! : '';
    expect(await bot().findInvoice(slug)).toMatchObject({ payload: p.paymentId, amount: 750, subscriptionPeriod: 2_592_000 });
    const stars = bot().stars!;
    const q = { id: '1', fromId: telegramId, currency: 'XTR', totalAmount: 750, payload: p.paymentId };
    expect(await stars.preCheckout(q)).toEqual({ ok: true });
    expect(await stars.preCheckout({ ...q, fromId: telegramId + 1000 })).toMatchObject({
      ok: false,
      message: 'Этот счёт выставлен другому пользователю',
    });
    expect(await stars.preCheckout({ ...q, totalAmount: 1 })).toMatchObject({ ok: false });
    expect(await stars.preCheckout({ ...q, payload: 'nonsense' })).toMatchObject({ ok: false });
  });

  it('a payment from another Telegram user or with a wrong amount grants nothing; a duplicated update extends once; renewals extend; cancel stops the Star subscription', async () => {
    const { token, telegramId } = await signedInUser(server);
    const T = new Date('2026-05-01T09:00:00Z');
    server.app.now = () => T;
    await (server.app.queue as InProcessQueue).work();
    const p = await startStars(token);
    const stars = bot().stars!;
    await stars.successfulPayment(paid(p, telegramId + 1000, 'charge-other'));
    await stars.successfulPayment(paid(p, telegramId, 'charge-wrong', { totalAmount: 1 }));
    expect((await server.call({ method: 'GET', url: '/api/cabinet/profile/subscription', headers: as(token) })).status).toBe(404);
    await stars.successfulPayment(paid(p, telegramId, 'charge-1'));
    await stars.successfulPayment(paid(p, telegramId, 'charge-1'));
    const sub = await subscription(token);
    expect(sub).toMatchObject({
      status: 'ACTIVE',
      expiredAt: '31.05.2026 12:00:00',
      paymentMethod: 'stars',
      nextPayment: { amount: 750, currency: 'XTR' },
    });
    // Telegram renews the Star subscription: the same payload, is_recurring without is_first_recurring.
    await stars.successfulPayment(paid(p, telegramId, 'charge-2', { isFirstRecurring: false }));
    await stars.successfulPayment(paid(p, telegramId, 'charge-2', { isFirstRecurring: false }));
    expect(parseExpiredAt((await subscription(token)).expiredAt)!.getTime()).toBe(T.getTime() + 60 * DAY);
    // The two refused payments went back to their payers.
    await server.call({ method: 'DELETE', url: '/api/cabinet/profile/subscription', headers: as(token) });
    await (server.app.queue as InProcessQueue).idle();
    const chat = (await bot().messagesFor(telegramId)).map((m) => m.text);
    expect(chat).toContain('Подписка за Telegram Stars отменена (charge-1)');
    expect(chat).toContain('Звёзды возвращены (charge-wrong)');
    expect((await bot().messagesFor(telegramId + 1000)).map((m) => m.text)).toContain('Звёзды возвращены (charge-other)');
    expect((await subscription(token)).status).toBe('CANCELLED');
  });
});
