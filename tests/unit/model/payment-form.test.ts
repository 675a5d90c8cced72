import { HttpResponse, http } from 'msw';
import { allSettled, fork } from 'effector';
import { describe, expect, it } from 'vitest';
import { startSelectionFx } from '@/entities/lira-profile';
import { fetchSubscriptionFx } from '@/entities/subscription';
import {
  $checkError,
  $checked,
  $payError,
  codeChanged,
  emailChanged,
  paymentFormOpened,
  payButtonState,
  paymentTerms,
  payPressed,
  promocodeCheckRequested,
  subscriptionActivated,
  verifyPaymentFx,
  type PaymentChannel,
} from '@/features/subscription-modals/model';
import { $modal, recurrentPaymentModal } from '@/shared/model';
import type { Payment, SubscriptionPeriod } from '@kvarta/contract/subscription';
import { ok, useNetwork } from '../support/network';
import { subscriptionFixture } from '../support/subscription';

const network = useNetwork();

const PERIODS: SubscriptionPeriod[] = [
  { days: 7, title: '7 дней', price: 490, stars: 250, starsRenew: true },
  { days: 30, title: '30 дней', price: 1_490, stars: 750, starsRenew: true },
] as SubscriptionPeriod[];

/** A card channel that records the payments it was asked to open and answers as the buyer does. */
function cardChannel(paid: boolean) {
  const opened: string[] = [];
  const channel: PaymentChannel = { method: 'card', open: async (payment: Payment) => (opened.push(payment.paymentId), paid) };
  return { channel, opened };
}

function scopeWith(verified: string[]) {
  return fork({
    handlers: [
      [verifyPaymentFx, async (id: string) => (verified.push(id), 'SUCCEEDED' as const)],
      // What a confirmed subscription starts next is the AI search's own model, tested on its own.
      [startSelectionFx, async () => 'ACTIVE' as const],
      [fetchSubscriptionFx, async () => subscriptionFixture()],
    ],
  });
}

describe('the payment modal as an effector model, tested without React', () => {
  it('pay with a checked percent promocode: the promocode and the receipt e-mail go with it; paid → verified', async () => {
    const bodies: unknown[] = [];
    network.use(
      http.post('*/cabinet/profile/subscription/promocode-check', () =>
        HttpResponse.json(ok({ valid: true, kind: 'PERCENT', message: 'Скидка 10 %', price: 1_341, stars: 675 })),
      ),
      http.post('*/cabinet/profile/subscription', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(ok({ payment: { paymentId: 'pay-1', checkout: null }, subscription: null }));
      }),
    );
    const verified: string[] = [];
    const scope = scopeWith(verified);
    const { channel, opened } = cardChannel(true);
    await allSettled(recurrentPaymentModal.opened, { scope, params: {} });
    await allSettled(paymentFormOpened, { scope, params: channel });
    await allSettled(emailChanged, { scope, params: ' buyer@example.ru ' });
    await allSettled(codeChanged, { scope, params: 'SALE10 ' });
    await allSettled(promocodeCheckRequested, { scope, params: { days: 30 } });
    expect(scope.getState($checked)?.valid).toBe(true);
    const terms = paymentTerms({
      periods: PERIODS,
      days: 30,
      method: 'card',
      email: 'buyer@example.ru',
      checked: scope.getState($checked),
      renewing: null,
    });
    expect(terms.payText.replace(/\s/g, ' ')).toBe('Оплатить · 1 341 ₽');

    await allSettled(payPressed, { scope, params: { days: 30, byPromocode: false } });
    expect(bodies).toEqual([expect.objectContaining({ promocode: 'SALE10', days: 30, method: 'card', receiptEmail: 'buyer@example.ru' })]);
    expect(opened).toEqual(['pay-1']);
    expect(verified).toEqual(['pay-1']);
  });

  it('the buyer closes the card form: nothing is verified and the modal stays', async () => {
    network.use(
      http.post('*/cabinet/profile/subscription', () =>
        HttpResponse.json(ok({ payment: { paymentId: 'pay-2', checkout: null }, subscription: null })),
      ),
    );
    const verified: string[] = [];
    const scope = scopeWith(verified);
    await allSettled(recurrentPaymentModal.opened, { scope, params: {} });
    await allSettled(paymentFormOpened, { scope, params: cardChannel(false).channel });
    await allSettled(payPressed, { scope, params: { days: 30, byPromocode: false } });
    expect(verified).toEqual([]);
    expect(scope.getState($modal)?.id).toBe('recurrentPayment');
  });

  it('a days promocode activates without a payment; a refusal is said in the form', async () => {
    let refuse = true;
    network.use(
      http.post('*/cabinet/profile/subscription', () =>
        refuse
          ? HttpResponse.json({ result: 'error', message: 'Промокод уже использован', statusCode: 409, detail: null }, { status: 409 })
          : HttpResponse.json(ok({ payment: null, subscription: subscriptionFixture() })),
      ),
    );
    const scope = scopeWith([]);
    const activated: unknown[] = [];
    const unwatch = subscriptionActivated.watch(() => activated.push(1));
    await allSettled(paymentFormOpened, { scope, params: cardChannel(true).channel });
    await allSettled(codeChanged, { scope, params: 'DAYS7' });
    await allSettled(payPressed, { scope, params: { days: 30, byPromocode: true } });
    expect(scope.getState($payError)).toBe('Промокод уже использован');
    refuse = false;
    await allSettled(payPressed, { scope, params: { days: 30, byPromocode: true } });
    expect(scope.getState($payError)).toBeNull();
    unwatch();
    expect(activated).toHaveLength(1);
    expect(scope.getState($modal)?.id).toBe('success');
  });

  it('a promocode is checked by the contract’s schema first: a too long one never reaches the server', async () => {
    const scope = scopeWith([]);
    await allSettled(paymentFormOpened, { scope, params: cardChannel(true).channel });
    await allSettled(codeChanged, { scope, params: 'X'.repeat(65) });
    await allSettled(promocodeCheckRequested, { scope, params: { days: 30 } });
    expect(scope.getState($checkError)).toBe('Промокод не длиннее 64 символов');
    expect(scope.getState($checked)).toBeNull();
  });

  it('while a card subscription renews, a renewing period is not sold and the note says why', () => {
    const terms = paymentTerms({ periods: PERIODS, days: 30, method: 'card', email: 'a@b.ru', checked: null, renewing: 'card' });
    expect(terms.renewingBlocks).toMatch(/^У вас действует подписка с оплатой картой/);
    expect(terms.terms).toBeNull();
  });
});

describe("the Mini App's MainButton while the price comes", () => {
  const termsFor = (periods: SubscriptionPeriod[]) =>
    paymentTerms({ periods, days: 30, method: 'stars', email: '', checked: null, renewing: null });

  it('names no price before the periods have come, and never a zero one', () => {
    expect(termsFor([]).payText).toBe('Оплатить');
    expect(termsFor([]).payText).not.toMatch(/\d/);
    expect(termsFor(PERIODS).payText.replace(/\s/g, ' ')).toBe('Оплатить · 750 ⭐');
  });

  it('keeps one spinner from the opening form to the price, then the price; the spinner again only while paying', () => {
    const phases = [
      { pricesLoading: true, paying: false, periods: [] },
      { pricesLoading: false, paying: false, periods: PERIODS },
      { pricesLoading: false, paying: true, periods: PERIODS },
    ].map(({ pricesLoading, paying, periods }) =>
      payButtonState({ pricesLoading, paying, text: termsFor(periods).payText, blocked: periods.length === 0 || paying }),
    );
    expect(phases.map((p) => p.progress)).toEqual([true, false, true]);
    expect(phases.map((p) => p.text.replace(/\s/g, ' '))).toEqual(['Оплатить', 'Оплатить · 750 ⭐', 'Оплатить · 750 ⭐']);
    expect(phases.map((p) => p.disabled)).toEqual([true, false, true]);
    expect(phases.some((p) => / 0 ⭐/.test(p.text))).toBe(false);
  });
});
