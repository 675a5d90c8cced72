import { useUnit } from 'effector-react';
import { useEffect } from 'react';
import { drawerBotMessageRequested } from '@/shared/model';
import { $liraStatus } from '@/entities/lira-profile';
import { $subscription } from '@/entities/subscription';
import { plural } from '@/shared/lib';
import { cancelSubscriptionModal, recurrentPaymentModal } from '@/shared/model';

/** SUBSCRIPTION_INFO (spec §4 "Subscription info message"): dates, days left, autorenewal; cancel or renew. */
export function SubscriptionInfo() {
  const [sub, status, openPayment, openCancel, say] = useUnit([
    $subscription,
    $liraStatus,
    recurrentPaymentModal.opened,
    cancelSubscriptionModal.opened,
    drawerBotMessageRequested,
  ]);
  const expired = !sub || sub.status === 'EXPIRED' || status === 'EXPIRED';
  // The drawer's bot message follows the subscription, also when it expires while the view is open.
  useEffect(() => void say({ viewId: 'SUBSCRIPTION_INFO', messageId: expired ? 'expired' : null }), [expired, say]);
  if (expired) {
    return (
      <div className="kv-lira-flow" data-testid="subscription-info">
        <p className="kv-muted">Найденные квартиры остаются доступны, но новые не приходят.</p>
        <button type="button" className="kv-button kv-button--primary kv-button--wide" onClick={() => openPayment({ delay: 50 })}>
          Продлить
        </button>
      </div>
    );
  }
  const active = sub.status === 'ACTIVE';
  return (
    <div className="kv-lira-flow" data-testid="subscription-info">
      <dl className="kv-facts">
        <dt>Активна до</dt>
        <dd>{sub.displayExpiredDate || '—'}</dd>
        <dt>Осталось</dt>
        <dd>
          {sub.daysLeft} {plural(sub.daysLeft, ['день', 'дня', 'дней'])}
        </dd>
        <dt>Автопродление</dt>
        <dd>{active ? 'включено' : 'отключено'}</dd>
        {active && (
          <>
            <dt>Следующий платёж</dt>
            <dd>{(sub.nextPaymentAt ?? sub.expiredAt).slice(0, 10)}</dd>
          </>
        )}
      </dl>
      {active ? (
        <button type="button" className="kv-button kv-button--wide" onClick={() => openCancel({ delay: 50 })}>
          Отменить подписку
        </button>
      ) : (
        <button type="button" className="kv-button kv-button--primary kv-button--wide" onClick={() => openPayment({ delay: 50 })}>
          Продлить
        </button>
      )}
    </div>
  );
}
