import { afterEach, describe, expect, it } from 'vitest';
import { parseExpiredAt } from '@kvarta/contract/lira-rules';
import { shownLiraStatus } from '@kvarta/contract/lira-status';
import type { Payment, Subscription } from '@kvarta/contract/subscription';
import type { OfflineBot } from '../../server/dev/telegram/offline-bot';
import type { InProcessQueue } from '../../server/infra/in-process-queue';
import { endExpiredSearches, searchEndedText } from '../../server/lira/jobs';
import { runMatcher } from '../../server/lira/matcher';
import { findLiraProfile } from '../../server/lira/profiles';
import type { FakeCloudPaymentsState } from '../../server/dev/cloudpayments/fake';
import { as, DATABASES, runningUser, useTestServer } from './helpers';

type Ok<T> = { result: 'ok'; data: T };
const DAY = 86_400_000;
const T0 = new Date('2026-12-20T09:00:00Z');

/**
 * A paid search keeps its promise: cancelling auto-renewal leaves it searching (and sending) until the paid period
 * ends, then it stops with one bot message that says how to renew.
 */
describe.each(DATABASES)('a cancelled AI search runs to the end of its period on %s', (kind) => {
  const server = useTestServer(kind, { app: { jobs: { providerRetrySeconds: 0.05 } } });
  afterEach(async () => {
    server.app.now = () => new Date();
    await (server.app.queue as InProcessQueue).idle();
  });
  const at = (date: Date) => {
    server.app.now = () => date;
  };
  const queue = () => server.app.queue as InProcessQueue;
  const subscription = async (token: string) =>
    (await server.call<Ok<Subscription>>({ method: 'GET', url: '/api/cabinet/profile/subscription', headers: as(token) })).body.data;
  const storedStatus = async (userId: number) => (await findLiraProfile(server.db, userId))!.status;
  const bot = () => server.app.bot as OfflineBot;

  it('trial, 7 days paid by card, first batch, cancel (the provider confirms): CANCELLED and searching until expiredAt, then EXPIRED with one message', async () => {
    at(T0);
    await queue().work();
    const user = await runningUser(server);
    // The first batch.
    expect((await runMatcher(server.app, user.userId)).added.length).toBeGreaterThan(0);
    expect(await storedStatus(user.userId)).toBe('ACTIVE');

    // 7 days by card through the stand-in CloudPayments: Check, Pay and a recurrent subscription.
    const payment = (
      await server.call<Ok<Payment>>({
        method: 'POST',
        url: '/api/cabinet/payments',
        payload: { serviceType: 'LIRA_4', days: 7, receiptEmail: 'buyer@example.ru' },
        headers: as(user.token),
      })
    ).body.data;
    if (payment.checkout?.kind !== 'cloudpayments') throw new Error('not a card payment');
    const charged = await server.call<Ok<{ success: boolean }>>({
      method: 'POST',
      url: '/dev/cloudpayments/charge',
      payload: { options: payment.checkout.options, cardNumber: '4242 4242 4242 4242' },
    });
    expect(charged.body.data.success).toBe(true);
    expect(await subscription(user.token)).toMatchObject({ status: 'ACTIVE', autoRenewal: true });

    // «Отменить подписку» → confirm: the cancel reaches the provider, whose Recurrent (Cancelled) notification comes back.
    expect((await server.request('subscriptionCancel', { query: { serviceType: 'LIRA_4' }, token: user.token })).status).toBe(200);
    await queue().idle();
    const fake = (await server.call<Ok<FakeCloudPaymentsState>>({ method: 'GET', url: '/dev/cloudpayments/state' })).body.data;
    expect(fake.subscriptions.filter((s) => s.accountId === String(user.userId)).map((s) => s.status)).toEqual(['Cancelled']);
    const sub = await subscription(user.token);
    expect(sub).toMatchObject({ status: 'CANCELLED', autoRenewal: false });
    expect(await storedStatus(user.userId)).toBe('CANCELLED');
    expect(shownLiraStatus({ subscription: sub.status, profile: await storedStatus(user.userId) })).toBe('CANCELLED');

    // Until the paid period ends the agent keeps searching and sending.
    const expiredAt = parseExpiredAt(sub.expiredAt)!;
    expect(expiredAt.getTime()).toBe(T0.getTime() + 10 * DAY);
    at(new Date(expiredAt.getTime() - DAY));
    const late = await runMatcher(server.app, user.userId);
    expect(late.added.length).toBeGreaterThan(0);
    expect(late.notified).toBeGreaterThan(0);
    expect(await endExpiredSearches(server.app)).toBe(0);
    expect(await storedStatus(user.userId)).toBe('CANCELLED');

    // Past its end: no more batches; the expiry stops it and says so once, however many workers run the job.
    at(new Date(expiredAt.getTime() + 60_000));
    expect((await runMatcher(server.app, user.userId)).added).toEqual([]);
    const before = (await bot().messagesFor(user.telegramId)).length;
    const sent = await Promise.all([endExpiredSearches(server.app), endExpiredSearches(server.app)]);
    expect(await endExpiredSearches(server.app)).toBe(0);
    expect(sent.reduce((a, b) => a + b, 0)).toBe(1);
    await queue().idle();
    const messages = (await bot().messagesFor(user.telegramId)).slice(before);
    expect(messages.map((m) => m.text)).toEqual([searchEndedText({ expiredAt, trial: false })]);
    expect(messages[0]!.text).toBe(
      'Ваша подписка на ИИ Поиск истекла 30.12.2026: подбор остановлен, новые квартиры больше не придут. Найденные квартиры остаются в «Кварте». Чтобы подбор продолжился, продлите подписку: откройте «Кварту», раздел «ИИ Поиск», кнопка «Продлить».',
    );
    expect(messages[0]!.buttons.flat().map((b) => b.text)).toEqual(['Открыть «Кварту»']);
    expect(await storedStatus(user.userId)).toBe('EXPIRED');
    expect((await server.request('liraProfile', { token: user.token })).body.data.status).toBe('EXPIRED');
    expect((await subscription(user.token)).status).toBe('EXPIRED');

    // Renewing brings the search back (the status rules' renewal: EXPIRED → ACTIVE).
    expect(
      (
        await server.request('subscribe', {
          body: { promocode: 'NEDELYA7-DEMO-5RX8KQ2MWT', days: 7, serviceType: 'LIRA_4' },
          token: user.token,
        })
      ).status,
    ).toBe(200);
    expect(await storedStatus(user.userId)).toBe('ACTIVE');
  });

  it('the trial ending says it was the trial; a stopped search ends silently', async () => {
    at(T0);
    await queue().work();
    const running = await runningUser(server);
    const stopped = await runningUser(server);
    await server.request('liraStatus', { body: { status: 'STOP' }, token: stopped.token });
    at(new Date(T0.getTime() + 3 * DAY + 1));
    expect(await endExpiredSearches(server.app)).toBe(1);
    await queue().idle();
    const last = (await bot().messagesFor(running.telegramId)).at(-1)!;
    expect(last.text).toMatch(/^Пробный период ИИ Поиска закончился 23\.12\.2026: подбор остановлен/);
    expect(last.text).toContain('кнопка «Продлить»');
    expect(await storedStatus(running.userId)).toBe('EXPIRED');
    expect(await bot().messagesFor(stopped.telegramId)).toEqual([]);
    expect(await storedStatus(stopped.userId)).toBe('STOP');
  });

  it('Telegram failing when the search ends: the message is tried again until it goes, and goes once', async () => {
    at(T0);
    await queue().work();
    const user = await runningUser(server);
    const send = bot().sendMessage.bind(bot());
    let refused = 0;
    bot().sendMessage = async (...args) => {
      if (args[0] === user.telegramId && refused < 2) {
        refused += 1;
        throw new Error('Telegram: 502 Bad Gateway');
      }
      return send(...args);
    };
    try {
      at(new Date(T0.getTime() + 3 * DAY + 1));
      expect(await endExpiredSearches(server.app)).toBe(1);
      await queue().idle();
    } finally {
      bot().sendMessage = send;
    }
    expect(refused).toBe(2);
    const texts = (await bot().messagesFor(user.telegramId)).map((m) => m.text);
    expect(texts.filter((t) => t.startsWith('Пробный период ИИ Поиска закончился'))).toHaveLength(1);
  });
});
