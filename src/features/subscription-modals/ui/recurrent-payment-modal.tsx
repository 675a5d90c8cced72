import { PaymentOperatorNote } from '@/entities/operator';
import './modals.css';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useUnit } from 'effector-react';
import { useState } from 'react';
import { usePlatform } from '@platform';
import { checkPromocode, createSubscription, periodsQuery } from '@/entities/subscription';
import { errorMessage } from '@/shared/api';
import type { Payment, PaymentMethod, PromocodeCheckResponse } from '@kvarta/contract/subscription';
import { formatMoney } from '@kvarta/contract/format';
import { modalClosed } from '@/shared/model';
import { Modal, RadioButtons, useMainButton } from '@/shared/ui';
import { $renewingMethod, paymentReturned, renewingNote, subscriptionActivated } from '../model';
import { payByCard } from '../lib/cloudpayments-widget';

/** Where the stand-in's Stars invoice page sends the Mini App back; the page then verifies the payment. */
const MINIAPP_RETURN = '/tma/agent';
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** What a period costs over a month (30 days), rounded to the hundred roubles or the ten Stars. */
function monthly(amount: number, days: number): number {
  const perMonth = (amount * 30) / days;
  const step = perMonth >= 1_000 ? 100 : 10;
  return Math.round(perMonth / step) * step;
}

/** A period shorter than a month renews more often than monthly: its price per month, said beside its own. */
function monthlyNote(amount: number, days: number, currency: 'RUB' | 'XTR'): string {
  return days < 30 ? ` (≈ ${formatMoney(monthly(amount, days), currency)} в месяц)` : '';
}

/**
 * Recurrent payment: periods, a promocode with its check, subscribe with a promocode, or pay. Inside Telegram every
 * period is paid with Telegram Stars only (Telegram's rule for digital goods: no card form, link or hint of one);
 * on the website by card. Either way it is the one subscription of the account.
 */
export function RecurrentPaymentModal() {
  const [close, activated, returned, renewing] = useUnit([modalClosed, subscriptionActivated, paymentReturned, $renewingMethod]);
  const platform = usePlatform();
  const inTelegram = platform.kind === 'miniapp';
  const method: PaymentMethod = inTelegram ? 'stars' : 'card';
  // A Mini App opened outside Telegram's own client cannot show the Stars sheet: nothing to pay with here.
  const starsMissing = inTelegram && platform.openInvoice === undefined;
  const periods = useQuery(periodsQuery());
  const list = periods.data ?? [];
  const [chosen, setChosen] = useState<number | null>(null);
  const days = chosen ?? list.find((p) => p.days === 30)?.days ?? list[0]?.days ?? 30;
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [checked, setChecked] = useState<PromocodeCheckResponse | null>(null);
  const check = useMutation({ mutationFn: () => checkPromocode(code.trim(), days), onSuccess: setChecked });
  /** Opens the provider's form; settles only through the server (its notification), which `returned` then asks. */
  const checkout = async (payment: Payment) => {
    const c = payment.checkout;
    if (c?.kind === 'cloudpayments' && !inTelegram) {
      const result = await payByCard(c.scriptUrl, c.options);
      if (result.outcome === 'cancelled') return;
      close();
      returned(payment.paymentId);
    } else if (c?.kind === 'stars' && platform.openInvoice) {
      const status = await platform.openInvoice(c.invoiceLink, `${MINIAPP_RETURN}?payment=${payment.paymentId}`);
      if (status === 'cancelled') return;
      close();
      returned(payment.paymentId);
    }
  };
  const subscribe = useMutation({
    mutationFn: async (promocode: string | null) => {
      const answer = await createSubscription({
        promocode,
        days,
        method,
        ...(method === 'card' && email.trim() ? { receiptEmail: email.trim() } : {}),
      });
      if (answer.payment) await checkout(answer.payment);
      return answer;
    },
    onSuccess: (answer) => {
      if (!answer.payment && answer.subscription) {
        close();
        activated();
      }
    },
  });
  const period = list.find((p) => p.days === days) ?? list[0];
  const grantsDays = checked?.valid && (checked.kind === 'DAYS' || checked.kind === 'TRIAL');
  const full = period ? (method === 'stars' ? period.stars : period.price) : 0;
  const currency = method === 'stars' ? 'XTR' : 'RUB';
  // A percent promocode: the server's check names the discounted price in both currencies.
  const discounted = checked?.valid && checked.kind === 'PERCENT' ? (method === 'stars' ? checked.stars : checked.price) : null;
  const price = discounted ?? full;
  const renews = period ? method === 'card' || period.starsRenew : false;
  // While another subscription renews, a period that would renew too is not sold: said instead of the price terms.
  const renewingBlocks = grantsDays ? null : renewingNote(renewing, renews);
  const emailMissing = method === 'card' && !EMAIL.test(email.trim());
  // Said only once something is typed: an empty field is explained by the disabled button and its label.
  const emailWrong = emailMissing && email.trim() !== '';
  const busy = subscribe.isPending || check.isPending;
  const payText = `Оплатить · ${formatMoney(price, currency)}`;
  // Why «Оплатить» waits, said under it (the wrong-address case has its own message at the field).
  const payWaits = !grantsDays && method === 'card' && email.trim() === '' ? 'Чтобы оплатить, введите e-mail для чека' : null;
  // The one primary action (pay, or subscribe by the promocode) on Telegram's MainButton inside the Mini App.
  const native = useMainButton({
    text: grantsDays ? 'Оформить по промокоду' : payText,
    onClick: () => subscribe.mutate(grantsDays ? code.trim() : checked?.valid ? code.trim() : null),
    disabled: grantsDays ? busy : busy || !period || emailMissing || starsMissing || renewingBlocks !== null,
    progress: subscribe.isPending,
    layer: 'overlay',
  });
  return (
    <Modal title="Подписка на ИИ Поиск" onClose={close}>
      <div className="kv-lira-modal" data-testid="recurrent-payment">
        {periods.isPending && <p className="kv-muted">Загружаем тарифы…</p>}
        {periods.isError && (
          <p className="kv-error-text" role="alert">
            {errorMessage(periods.error)}
          </p>
        )}
        <RadioButtons
          label="Период подписки"
          options={list.map((p) => p.days)}
          value={days}
          onChange={(d) => (setChosen(d), setChecked(null))}
          className="kv-lira-periods"
          itemClassName="kv-lira-period"
        >
          {(d) => {
            const p = list.find((x) => x.days === d)!;
            return (
              <>
                <strong>{p.title}</strong>
                <span>{method === 'stars' ? formatMoney(p.stars, 'XTR') : formatMoney(p.price, 'RUB')}</span>
                {p.days < 30 && (
                  <small className="kv-muted">
                    ≈ {formatMoney(monthly(method === 'stars' ? p.stars : p.price, p.days), method === 'stars' ? 'XTR' : 'RUB')} в месяц
                  </small>
                )}
              </>
            );
          }}
        </RadioButtons>
        {inTelegram && (
          <p className="kv-muted" data-testid="payment-method">
            Оплата в Telegram — звёздами Telegram Stars.
          </p>
        )}
        {starsMissing && (
          <p className="kv-error-text" role="alert">
            Оплатить звёздами можно в приложении Telegram: откройте «Кварту» там.
          </p>
        )}
        {method === 'card' && (
          <label className="kv-field">
            <span>E-mail для чека</span>
            <input
              className="kv-input"
              type="email"
              inputMode="email"
              autoComplete="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              aria-invalid={emailWrong}
              aria-describedby={emailWrong ? 'receipt-email-error' : undefined}
            />
            {emailWrong && (
              <small id="receipt-email-error" className="kv-error-text">
                Проверьте e-mail: он нужен в виде name@example.ru
              </small>
            )}
          </label>
        )}
        {renewingBlocks && (
          <p className="kv-muted" role="status" data-testid="renewing-note">
            {renewingBlocks}
          </p>
        )}
        {period && !renewingBlocks && (
          <p className="kv-muted" data-testid="payment-terms">
            {renews
              ? `Автопродление: ${formatMoney(full, currency)} каждые ${period.days} дн.${monthlyNote(full, period.days, currency)} Отключается в любой момент в «Подписке», доступ останется до конца оплаченного срока.`
              : `Разовый платёж на ${period.title}: без автопродления.`}
          </p>
        )}
        <form className="kv-lira-promo" noValidate onSubmit={(e) => (e.preventDefault(), code.trim() && check.mutate())}>
          <label className="kv-field">
            <span>Промокод</span>
            <input className="kv-input" value={code} onChange={(e) => (setCode(e.target.value), setChecked(null))} autoComplete="off" />
          </label>
          <button type="submit" className="kv-button" disabled={!code.trim() || busy}>
            Проверить
          </button>
        </form>
        {checked && (
          <p className={checked.valid ? 'kv-good' : 'kv-error-text'} role="status">
            {checked.message}
          </p>
        )}
        {check.isError && (
          <p className="kv-error-text" role="alert">
            {errorMessage(check.error)}
          </p>
        )}
        {subscribe.isError && (
          <p className="kv-error-text" role="alert">
            {errorMessage(subscribe.error)}
          </p>
        )}
        {native ? null : grantsDays ? (
          <button
            type="button"
            className="kv-button kv-button--primary kv-button--wide"
            disabled={busy}
            onClick={() => subscribe.mutate(code.trim())}
          >
            Оформить по промокоду
          </button>
        ) : (
          <button
            type="button"
            className="kv-button kv-button--primary kv-button--wide"
            disabled={busy || !period || emailMissing || starsMissing || renewingBlocks !== null}
            aria-describedby={payWaits ? 'pay-waits' : undefined}
            onClick={() => subscribe.mutate(checked?.valid ? code.trim() : null)}
          >
            {subscribe.isPending ? 'Открываем оплату…' : payText}
          </button>
        )}
        {payWaits && (
          <p id="pay-waits" className="kv-muted" data-testid="pay-waits">
            {payWaits}
          </p>
        )}
        <PaymentOperatorNote />
      </div>
    </Modal>
  );
}
