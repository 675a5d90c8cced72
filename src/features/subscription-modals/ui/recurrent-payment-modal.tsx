import { PaymentOperatorNote } from '@/entities/operator';
import './modals.css';
import { useQuery } from '@tanstack/react-query';
import { useUnit } from 'effector-react';
import { useEffect, useMemo } from 'react';
import { usePlatform } from '@platform';
import { periodsQuery } from '@/entities/subscription';
import { errorMessage } from '@/shared/api';
import { formatMoney } from '@kvarta/contract/format';
import { modalClosed } from '@/shared/model';
import { ErrorText, Modal, RadioButtons, useMainButton } from '@/shared/ui';
import {
  $busy,
  $checkError,
  $checked,
  $chosenDays,
  $code,
  $email,
  $payError,
  $renewingMethod,
  codeChanged,
  emailChanged,
  monthly,
  paymentFormOpened,
  payButtonState,
  paymentTerms,
  payPressed,
  periodChosen,
  promocodeCheckRequested,
  shownDays,
  subscribeFx,
} from '../model';
import { paymentChannel } from '../lib/payment-channel';

/**
 * Recurrent payment: periods, a promocode with its check, subscribe with a promocode, or pay — the flow and its state
 * are the model's (model/payment.ts), the arithmetic model/terms.ts; this draws them. The platform says what it sells
 * with (Telegram: Stars only, no card form, link or hint of one; the website: a card); either way it is the one
 * subscription of the account.
 */
export function RecurrentPaymentModal() {
  const platform = usePlatform();
  const channel = useMemo(() => paymentChannel(platform), [platform]);
  const method = channel?.method ?? platform.payments.methods[0] ?? 'card';
  const [close, opened, chosen, email, code, checked, checkError, payError, busy, paying, renewing] = useUnit([
    modalClosed,
    paymentFormOpened,
    $chosenDays,
    $email,
    $code,
    $checked,
    $checkError,
    $payError,
    $busy,
    subscribeFx.pending,
    $renewingMethod,
  ]);
  const [choose, typeEmail, typeCode, check, pay] = useUnit([periodChosen, emailChanged, codeChanged, promocodeCheckRequested, payPressed]);
  useEffect(() => void opened(channel), [opened, channel]);
  const periods = useQuery(periodsQuery());
  const list = periods.data ?? [];
  const days = shownDays(chosen, list);
  const t = paymentTerms({ periods: list, days, method, email, checked, renewing });
  const payBlocked = busy || !t.period || t.emailMissing || channel === null || t.renewingBlocks !== null;
  const press = () => pay({ days, byPromocode: t.grantsDays });
  // The one primary action (pay, or subscribe by the promocode) on Telegram's MainButton inside the Mini App.
  const native = useMainButton({
    ...payButtonState({
      pricesLoading: periods.isPending,
      paying,
      text: t.grantsDays ? 'Оформить по промокоду' : t.payText,
      blocked: (t.grantsDays ? busy : payBlocked) === true,
    }),
    onClick: press,
    layer: 'overlay',
  });
  return (
    <Modal title="Подписка на ИИ Поиск" onClose={close}>
      <div className="kv-lira-modal" data-testid="recurrent-payment">
        {periods.isPending && <p className="kv-muted">Загружаем тарифы…</p>}
        <ErrorText text={periods.isError && errorMessage(periods.error)} />
        <RadioButtons
          label="Период подписки"
          options={list.map((p) => p.days)}
          value={days}
          onChange={choose}
          className="kv-lira-periods"
          itemClassName="kv-lira-period"
        >
          {(d) => {
            const p = list.find((x) => x.days === d)!;
            return (
              <>
                <strong>{p.title}</strong>
                <span>{formatMoney(t.priceOf(p), t.currency)}</span>
                {p.days < 30 && <small className="kv-muted">≈ {formatMoney(monthly(t.priceOf(p), p.days), t.currency)} в месяц</small>}
              </>
            );
          }}
        </RadioButtons>
        {method === 'stars' && (
          <p className="kv-muted" data-testid="payment-method">
            Оплата в Telegram — звёздами Telegram Stars.
          </p>
        )}
        <ErrorText text={channel === null && 'Оплатить звёздами можно в приложении Telegram: откройте «Кварту» там.'} />
        {method === 'card' && (
          <label className="kv-field">
            <span>E-mail для чека</span>
            <input
              className="kv-input"
              type="email"
              inputMode="email"
              autoComplete="email"
              value={email}
              onChange={(e) => typeEmail(e.target.value)}
              aria-invalid={t.emailWrong}
              aria-describedby={t.emailWrong ? 'receipt-email-error' : undefined}
            />
            {t.emailWrong && (
              <small id="receipt-email-error" className="kv-error-text">
                Проверьте e-mail: он нужен в виде name@example.ru
              </small>
            )}
          </label>
        )}
        {t.renewingBlocks && (
          <p className="kv-muted" role="status" data-testid="renewing-note">
            {t.renewingBlocks}
          </p>
        )}
        {t.terms && (
          <p className="kv-muted" data-testid="payment-terms">
            {t.terms}
          </p>
        )}
        <form className="kv-lira-promo" noValidate onSubmit={(e) => (e.preventDefault(), code.trim() && check({ days }))}>
          <label className="kv-field">
            <span>Промокод</span>
            <input className="kv-input" value={code} onChange={(e) => typeCode(e.target.value)} autoComplete="off" />
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
        <ErrorText text={checkError} />
        <ErrorText text={payError} />
        {native ? null : t.grantsDays ? (
          <button type="button" className="kv-button kv-button--primary kv-button--wide" disabled={busy} onClick={press}>
            Оформить по промокоду
          </button>
        ) : (
          <button
            type="button"
            className="kv-button kv-button--primary kv-button--wide"
            disabled={payBlocked}
            aria-describedby={t.payWaits ? 'pay-waits' : undefined}
            onClick={press}
          >
            {paying ? 'Открываем оплату…' : t.payText}
          </button>
        )}
        {t.payWaits && (
          <p id="pay-waits" className="kv-muted" data-testid="pay-waits">
            {t.payWaits}
          </p>
        )}
        <PaymentOperatorNote />
      </div>
    </Modal>
  );
}
