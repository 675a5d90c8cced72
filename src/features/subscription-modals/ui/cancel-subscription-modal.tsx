import './modals.css';
import { useUnit } from 'effector-react';
import { useEffect, useRef } from 'react';
import { cancelSubscriptionFx, subscriptionCancelConfirmed } from '@/entities/lira-profile';
import { $subscription } from '@/entities/subscription';
import { modalClosed } from '@/shared/model';
import { Modal } from '@/shared/ui';

/** Cancel subscription: a confirmation; access stays until the paid period ends. */
export function CancelSubscriptionModal() {
  const [sub, confirm, close, pending] = useUnit([$subscription, subscriptionCancelConfirmed, modalClosed, cancelSubscriptionFx.pending]);
  const started = useRef(false);
  useEffect(() => {
    if (started.current && !pending) close();
    if (pending) started.current = true;
  }, [pending, close]);
  return (
    <Modal title="Отменить подписку?" onClose={close} narrow>
      <div className="kv-lira-modal">
        <p>
          Автопродление отключится. ИИ Поиск продолжит работать
          {sub?.displayExpiredDate ? ` до ${sub.displayExpiredDate}` : ' до конца оплаченного периода'}, найденные квартиры останутся с
          вами.
        </p>
        <div className="kv-lira-actions">
          <button type="button" className="kv-button" onClick={close}>
            Оставить
          </button>
          <button type="button" className="kv-button kv-button--danger" disabled={pending} aria-busy={pending} onClick={confirm}>
            {pending ? 'Отменяем…' : 'Отменить подписку'}
          </button>
        </div>
      </div>
    </Modal>
  );
}
