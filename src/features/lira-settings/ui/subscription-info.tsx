import { useUnit } from 'effector-react';
import { $liraStatus } from '@/entities/lira-profile';
import { $subscription } from '@/entities/subscription';
import { plural } from '@/shared/lib';
import { modalOpened } from '@/shared/model';

/** SUBSCRIPTION_INFO (spec §4 "Subscription info message"): dates, days left, autorenewal; cancel or renew. */
export function SubscriptionInfo() {
  const [sub, status, open] = useUnit([$subscription, $liraStatus, modalOpened]);
  if (!sub || sub.status === 'EXPIRED' || status === 'EXPIRED') {
    return (
      <div className="kv-lira-flow" data-testid="subscription-info">
        <p className="kv-bot-message">Ваша подписка истекла. Найденные квартиры остаются доступны, но новые не приходят.</p>
        <button type="button" className="kv-button kv-button--primary kv-button--wide" onClick={() => open({ id: 'recurrentPayment', delay: 50 })}>Продлить</button>
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
        <dd>{sub.daysLeft} {plural(sub.daysLeft, ['день', 'дня', 'дней'])}</dd>
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
        <button type="button" className="kv-button kv-button--wide" onClick={() => open({ id: 'cancelSubscription', delay: 50 })}>Отменить подписку</button>
      ) : (
        <button type="button" className="kv-button kv-button--primary kv-button--wide" onClick={() => open({ id: 'recurrentPayment', delay: 50 })}>Продлить</button>
      )}
    </div>
  );
}
