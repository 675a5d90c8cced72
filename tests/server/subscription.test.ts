import { afterEach, describe, expect, it } from 'vitest';
import { TRIAL_PROMOCODE, parseExpiredAt } from '@kvarta/contract/lira-rules';
import type { Payment, PromocodeCheckResponse, Subscription, SubscriptionPostResponse } from '@kvarta/contract/subscription';
import { DATABASES, useTestServer } from './helpers';
import { signedInUser } from './helpers';
import { DEMO_PROMOCODES } from '../../server/demo/promocodes';

type Ok<T> = { result: 'ok'; data: T };
const as = (token: string) => ({ authorization: `Bearer ${token}` });
const DAY = 86_400_000;
const T0 = new Date('2026-03-01T09:00:00Z');

describe.each(DATABASES)('subscription API on %s', (kind) => {
  const server = useTestServer(kind);
  afterEach(() => {
    server.app.now = () => new Date();
  });
  const at = (date: Date) => {
    server.app.now = () => date;
  };
  const get = (token: string) =>
    server.call<Ok<Subscription>>({ method: 'GET', url: '/api/cabinet/profile/subscription?serviceType=LIRA_4', headers: as(token) });
  const post = (token: string, body: object) =>
    server.call<Ok<SubscriptionPostResponse>>({
      method: 'POST',
      url: '/api/cabinet/profile/subscription',
      payload: { serviceType: 'LIRA_4', ...body },
      headers: as(token),
    });
  const check = async (token: string, promocode: string, days?: number) =>
    (
      await server.call<Ok<PromocodeCheckResponse>>({
        method: 'POST',
        url: '/api/cabinet/profile/subscription/promocode-check',
        payload: { promocode, serviceType: 'LIRA_4', days },
        headers: as(token),
      })
    ).body.data;

  it('trial: 3 days once per user, expiredAt as DD.MM.YYYY HH:MM:SS; anonymous users cannot subscribe', async () => {
    at(T0);
    const anon = await server.anonymousToken();
    expect((await post(anon, { promocode: TRIAL_PROMOCODE, days: 3 })).status).toBe(403);
    const { token } = await signedInUser(server);
    expect((await get(token)).status).toBe(404);
    expect(await check(token, TRIAL_PROMOCODE)).toMatchObject({ valid: true, kind: 'TRIAL', days: 3 });
    const res = await post(token, { promocode: TRIAL_PROMOCODE, days: 3 });
    expect(res.status).toBe(200);
    expect(res.body.data.payment).toBeNull();
    expect(res.body.data.subscription).toMatchObject({
      status: 'ACTIVE',
      expiredAt: '04.03.2026 12:00:00',
      autoRenewal: false,
      nextPaymentAt: null,
      trialUsed: true,
    });
    expect(parseExpiredAt(res.body.data.subscription!.expiredAt)!.getTime()).toBe(T0.getTime() + 3 * DAY);
    expect((await get(token)).body.data.status).toBe('ACTIVE');

    const again = await post(token, { promocode: TRIAL_PROMOCODE.toLowerCase(), days: 3 });
    expect(again.status).toBe(400);
    expect((again.body as unknown as { message: string }).message).toBe('Пробный период уже использован');
    expect(await check(token, TRIAL_PROMOCODE)).toMatchObject({ valid: false, message: 'Пробный период уже использован' });
  });

  it('expiry by the server clock: ACTIVE until expiredAt, EXPIRED after; cancel keeps access until the end', async () => {
    at(T0);
    const { token } = await signedInUser(server);
    await post(token, { promocode: TRIAL_PROMOCODE, days: 3 });
    at(new Date(T0.getTime() + 2 * DAY));
    const cancelled = await server.call<Ok<Subscription>>({
      method: 'DELETE',
      url: '/api/cabinet/profile/subscription?serviceType=LIRA_4',
      headers: as(token),
    });
    expect(cancelled.body.data).toMatchObject({ status: 'CANCELLED', expiredAt: '04.03.2026 12:00:00', autoRenewal: false });
    at(new Date(T0.getTime() + 3 * DAY - 1000));
    expect((await get(token)).body.data.status).toBe('CANCELLED');
    at(new Date(T0.getTime() + 3 * DAY + 1000));
    expect((await get(token)).body.data.status).toBe('EXPIRED');
    expect(
      (await server.call({ method: 'GET', url: '/api/cabinet/profile/subscription?serviceType=OTHER', headers: as(token) })).status,
    ).toBe(400);
  });

  it('promocodes from the database: days at once (once), percent off a paid period; unknown ones refused', async () => {
    at(T0);
    const { token } = await signedInUser(server);
    expect(await check(token, 'NOPE')).toMatchObject({ valid: false, message: 'Промокод не найден' });
    expect((await post(token, { promocode: 'NOPE', days: 30 })).status).toBe(400);
    expect(await check(token, DEMO_PROMOCODES.week.code.toLowerCase())).toMatchObject({ valid: true, kind: 'DAYS', days: 7 });
    const week = await post(token, { promocode: DEMO_PROMOCODES.week.code, days: 7 });
    expect(week.body.data.subscription?.expiredAt).toBe('08.03.2026 12:00:00');
    expect((await post(token, { promocode: DEMO_PROMOCODES.week.code, days: 7 })).status).toBe(400);
    // The trial still adds its days on top of a running period.
    expect((await post(token, { promocode: TRIAL_PROMOCODE, days: 3 })).body.data.subscription?.expiredAt).toBe('11.03.2026 12:00:00');

    expect(await check(token, DEMO_PROMOCODES.percent.code, 30)).toMatchObject({
      valid: true,
      kind: 'PERCENT',
      percent: 20,
      price: 1192,
      stars: 600,
    });
    const paid = await post(token, { promocode: DEMO_PROMOCODES.percent.code, days: 30, returnPath: '/agent' });
    expect(paid.body.data.payment).toMatchObject({ status: 'PENDING', provider: 'card', amount: 1192, currency: 'RUB', days: 30 });
    // The renewal is the full price: the discount is for this payment only.
    expect(paid.body.data.payment!.checkout).toMatchObject({
      options: { amount: 1192, data: { CloudPayments: { recurrent: { amount: 1490 } } } },
    });
    // Not active until the provider confirms: the period is still the free one.
    expect((await get(token)).body.data.expiredAt).toBe('11.03.2026 12:00:00');
    expect((await post(token, { days: 45 })).status).toBe(400);
  });

  it('card payment: the widget pays, the notification activates (autorenewal on), a decline does not; repeats change nothing', async () => {
    at(T0);
    const { token } = await signedInUser(server);
    const start = async (days: number) =>
      (
        await server.call<Ok<Payment>>({
          method: 'POST',
          url: '/api/cabinet/payments',
          payload: { days, serviceType: 'LIRA_4', receiptEmail: 'a@b.ru' },
          headers: as(token),
        })
      ).body.data;
    const charge = (p: Payment, cardNumber: string) =>
      server.call({
        method: 'POST',
        url: '/dev/cloudpayments/charge',
        payload: { options: p.checkout!.kind === 'cloudpayments' ? p.checkout!.options : null, cardNumber },
      });
    const declined = await start(7);
    await charge(declined, '4000 0000 0000 0002');
    expect(
      (await server.call<Ok<Payment>>({ method: 'GET', url: `/api/cabinet/payments/${declined.paymentId}`, headers: as(token) })).body.data
        .status,
    ).toBe('FAILED');
    expect((await get(token)).status).toBe(404);
    const first = await start(30);
    expect(first).toMatchObject({ status: 'PENDING', amount: 1490 });
    await charge(first, '4242424242424242');
    const id = first.paymentId;
    expect((await get(token)).body.data).toMatchObject({
      status: 'ACTIVE',
      expiredAt: '31.03.2026 12:00:00',
      autoRenewal: true,
      nextPaymentAt: '31.03.2026 12:00:00',
    });
    // The same form again: Check refuses a settled invoice.
    await charge(first, '4242424242424242');
    expect((await get(token)).body.data.expiredAt).toBe('31.03.2026 12:00:00');
    const shown = await server.call<Ok<Payment>>({ method: 'GET', url: `/api/cabinet/payments/${id}`, headers: as(token) });
    expect(shown.body.data).toMatchObject({ status: 'SUCCEEDED', checkout: null });

    // While the card renews, a second card invoice (it would renew too) is refused.
    const again = await server.call({
      method: 'POST',
      url: '/api/cabinet/payments',
      payload: { days: 7, serviceType: 'LIRA_4', receiptEmail: 'a@b.ru' },
      headers: as(token),
    });
    expect(again.status).toBe(409);

    // Someone else's payment is not visible; a bad id is a 400.
    const other = await signedInUser(server);
    expect((await server.call({ method: 'GET', url: `/api/cabinet/payments/${id}`, headers: as(other.token) })).status).toBe(404);
    expect((await server.call({ method: 'GET', url: '/api/cabinet/payments/x', headers: as(other.token) })).status).toBe(400);

    // A renewing period past its end waits a day for the renewal (PAST_DUE), then EXPIRED.
    at(new Date(T0.getTime() + 30 * DAY + 3600_000));
    expect((await get(token)).body.data.status).toBe('PAST_DUE');
    at(new Date(T0.getTime() + 32 * DAY));
    expect((await get(token)).body.data.status).toBe('EXPIRED');
  });

  it('periods are listed with prices', async () => {
    const { token } = await signedInUser(server);
    const res = await server.call<Ok<Array<{ days: number; price: number; stars: number; title: string }>>>({
      method: 'GET',
      url: '/api/cabinet/profile/subscription/periods',
      headers: as(token),
    });
    expect(res.body.data.map((p) => p.days)).toEqual([7, 30, 90]);
    expect(res.body.data.every((p) => p.price > 0 && p.stars > 0)).toBe(true);
  });
});
