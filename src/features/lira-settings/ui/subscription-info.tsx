import { useUnit } from 'effector-react';
import { useEffect } from 'react';
import { drawerBotMessageRequested } from '@/shared/model';
import { $liraStatus } from '@/entities/lira-profile';
import { $subscription } from '@/entities/subscription';
import { plural } from '@/shared/lib';
import { Fact } from '@/shared/ui';
import { formatMoney } from '@kvarta/contract/format';
import type { PaymentHistoryItem } from '@kvarta/contract/subscription';
import { cancelSubscriptionModal, recurrentPaymentModal } from '@/shared/model';

const METHOD: Record<PaymentHistoryItem['method'], string> = { card: 'картой', stars: 'Telegram Stars', sandbox: 'тестовая оплата' };
const STATUS: Record<PaymentHistoryItem['status'], string> = {
  PENDING: 'ожидает',
  SUCCEEDED: 'оплачен',
  FAILED: 'отклонён',
  REFUNDED: 'возвращён',
};

/** The last payments: date, amount, method, status. */
function PaymentHistory({ payments }: { payments: PaymentHistoryItem[] }) {
  if (payments.length === 0) return null;
  return (
    <section aria-label="Платежи" data-testid="payment-history">
      <h3 className="kv-muted">Платежи</h3>
      <ul className="kv-plain-list">
        {payments.map((p, i) => (
          <li key={i}>
            {p.date} · {formatMoney(p.amount, p.currency)} · {METHOD[p.method]}
            {p.renewal ? ' (автопродление)' : ''} · {STATUS[p.status]}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** SUBSCRIPTION_INFO (spec §4 "Subscription info message"): dates, days left, autorenewal and what it charges; cancel or renew. */
export function SubscriptionInfo() {
  const [sub, status, openPayment, openCancel, say] = useUnit([
    $subscription,
    $liraStatus,
    recurrentPaymentModal.opened,
    cancelSubscriptionModal.opened,
    drawerBotMessageRequested,
  ]);
  const expired = !sub || sub.status === 'EXPIRED' || status === 'EXPIRED';
  const trial = !expired && sub.trial;
  // The drawer's bot message follows the subscription, also when it expires while the view is open.
  useEffect(
    () => void say({ viewId: 'SUBSCRIPTION_INFO', messageId: expired ? 'expired' : trial ? 'trial' : null }),
    [expired, trial, say],
  );
  if (expired) {
    return (
      <div className="kv-lira-flow" data-testid="subscription-info">
        <p className="kv-muted">Найденные квартиры остаются доступны, но новые не приходят.</p>
        {sub && <PaymentHistory payments={sub.payments} />}
        <button type="button" className="kv-button kv-button--primary kv-button--wide" onClick={() => openPayment({ delay: 50 })}>
          Продлить
        </button>
      </div>
    );
  }
  // Only a saved card or a Star subscription renews; the trial and free days end by themselves.
  const renews = sub.status === 'ACTIVE' && sub.autoRenewal && sub.nextPaymentAt !== null;
  return (
    <div className="kv-lira-flow" data-testid="subscription-info">
      {trial && <p className="kv-muted">Пробный период: когда он закончится, ничего не спишется — поиск просто остановится.</p>}
      <dl className="kv-facts">
        <Fact term="Активна до">{sub.displayExpiredDate || '—'}</Fact>
        <Fact term="Осталось">
          {sub.daysLeft} {plural(sub.daysLeft, ['день', 'дня', 'дней'])}
        </Fact>
        <Fact term="Автопродление">{renews ? 'включено' : 'отключено'}</Fact>
        {renews && (
          <Fact term="Следующий платёж">
            {sub.nextPaymentAt!.slice(0, 10)}
            {sub.nextPayment && ` · ${formatMoney(sub.nextPayment.amount, sub.nextPayment.currency)}`}
            {sub.paymentMethod && ` · ${METHOD[sub.paymentMethod]}`}
          </Fact>
        )}
      </dl>
      <PaymentHistory payments={sub.payments} />
      {renews ? (
        <button type="button" className="kv-button kv-button--wide" onClick={() => openCancel({ delay: 50 })}>
          Отменить подписку
        </button>
      ) : (
        <button type="button" className="kv-button kv-button--primary kv-button--wide" onClick={() => openPayment({ delay: 50 })}>
          {trial ? 'Оформить подписку' : 'Продлить'}
        </button>
      )}
    </div>
  );
}
