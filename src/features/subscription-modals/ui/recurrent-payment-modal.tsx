import './modals.css';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useUnit } from 'effector-react';
import { useState } from 'react';
import { checkPromocode, createSubscription, periodsQuery } from '@/entities/subscription';
import { errorMessage } from '@/shared/api';
import { SUBSCRIPTION_PERIODS } from '@kvarta/contract/lira-rules';
import type { PromocodeCheckResponse } from '@kvarta/contract/subscription';
import { formatNumber } from '@/shared/lib';
import { modalClosed } from '@/shared/model';
import { Modal } from '@/shared/ui';
import { subscriptionActivated } from '../model';

/** Where the payment page sends the user back; the page then verifies the payment with the server. */
const RETURN_PATH = '/agent';

/** Recurrent payment: periods, a promocode with its check, subscribe with a promocode, or go to payment. */
export function RecurrentPaymentModal() {
  const [close, activated] = useUnit([modalClosed, subscriptionActivated]);
  const periods = useQuery(periodsQuery());
  const list = periods.data ?? [...SUBSCRIPTION_PERIODS];
  const [days, setDays] = useState<number>(list[1]?.days ?? list[0]!.days);
  const [code, setCode] = useState('');
  const [checked, setChecked] = useState<PromocodeCheckResponse | null>(null);
  const check = useMutation({ mutationFn: () => checkPromocode(code.trim(), days), onSuccess: setChecked });
  const subscribe = useMutation({
    mutationFn: (promocode: string | null) => createSubscription({ promocode, days, returnPath: RETURN_PATH }),
    onSuccess: (answer) => {
      if (answer.payment) window.location.assign(answer.payment.url);
      else if (answer.subscription) {
        close();
        activated();
      }
    },
  });
  const period = list.find((p) => p.days === days) ?? list[0]!;
  const grantsDays = checked?.valid && (checked.kind === 'DAYS' || checked.kind === 'TRIAL');
  const price = checked?.valid && checked.kind === 'PERCENT' && checked.price !== null ? checked.price : period.price;
  const busy = subscribe.isPending || check.isPending;
  return (
    <Modal title="Подписка на ИИ Поиск" onClose={close}>
      <div className="kv-lira-modal" data-testid="recurrent-payment">
        <div className="kv-lira-periods" role="radiogroup" aria-label="Период подписки">
          {list.map((p) => (
            <button
              key={p.days}
              type="button"
              role="radio"
              aria-checked={p.days === days}
              className={`kv-lira-period${p.days === days ? ' is-on' : ''}`}
              onClick={() => (setDays(p.days), setChecked(null))}
            >
              <strong>{p.title}</strong>
              <span>{formatNumber(p.price, 'rub')}</span>
            </button>
          ))}
        </div>
        <form className="kv-lira-promo" onSubmit={(e) => (e.preventDefault(), code.trim() && check.mutate())}>
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
        {grantsDays ? (
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
            disabled={busy}
            onClick={() => subscribe.mutate(checked?.valid ? code.trim() : null)}
          >
            {subscribe.isPending ? 'Переходим к оплате…' : `Перейти к оплате · ${formatNumber(price, 'rub')}`}
          </button>
        )}
      </div>
    </Modal>
  );
}
