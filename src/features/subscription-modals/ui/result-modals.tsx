import './modals.css';
import { useUnit } from 'effector-react';
import { modalClosed, recurrentPaymentModal } from '@/shared/model';
import { Modal } from '@/shared/ui';

/** The payment went through: the agent starts. */
export function SuccessModal() {
  const close = useUnit(modalClosed);
  return (
    <Modal title="Подписка оформлена" onClose={close} narrow>
      <div className="kv-lira-modal" data-testid="payment-success">
        <p>Спасибо! ИИ Поиск запущен — первые квартиры появятся совсем скоро.</p>
        <button type="button" className="kv-button kv-button--primary kv-button--wide" onClick={close}>
          Отлично
        </button>
      </div>
    </Modal>
  );
}

/** The payment was declined or not confirmed. */
export function UnsuccessModal() {
  const [close, open] = useUnit([modalClosed, recurrentPaymentModal.opened]);
  return (
    <Modal title="Оплата не прошла" onClose={close} narrow>
      <div className="kv-lira-modal" data-testid="payment-unsuccess">
        <p>Платёж не подтверждён, деньги не списаны. Попробуйте ещё раз или выберите другой способ оплаты.</p>
        <div className="kv-lira-actions">
          <button type="button" className="kv-button" onClick={close}>
            Закрыть
          </button>
          <button type="button" className="kv-button kv-button--primary" onClick={() => open()}>
            Попробовать снова
          </button>
        </div>
      </div>
    </Modal>
  );
}
