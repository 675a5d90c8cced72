import './modals.css';
import { useQuery } from '@tanstack/react-query';
import { useUnit } from 'effector-react';
import { $userId } from '@/entities/session';
import { QUERY_ROOT, api } from '@/shared/api';
import { modalClosed, recurrentPaymentModal } from '@/shared/model';
import { plural } from '@/shared/lib';
import { Modal } from '@/shared/ui';

/** «Уже подобрана 1 квартира», «Уже подобраны 2 квартиры», «Уже подобрано 13 квартир». */
export function alreadyFoundText(count: number): string {
  const verb = plural(count, ['подобрана', 'подобраны', 'подобрано']);
  return `Уже ${verb} ${count} ${plural(count, ['квартира', 'квартиры', 'квартир'])}`;
}

/** The payment went through: the agent starts, or goes on with what it has already found. */
export function SuccessModal() {
  const [close, userId] = useUnit([modalClosed, $userId]);
  // How many apartments on sale the agent has already found: a one-item page, only its total is read. Under the LIRA
  // root, so the list's invalidations reach it. (Not a queryOptions factory: that helper would join the first screen.)
  const found = useQuery({
    queryKey: [QUERY_ROOT.LIRA, 'found', userId],
    queryFn: async ({ signal }) =>
      (await api.call('liraVariantList', { query: { size: 1, page: 0, sort: 'SUGGESTION_DATE_DESC', showSold: 'false' }, signal })).meta
        .totalItems,
    enabled: userId !== null,
    staleTime: 0,
  });
  const text =
    found.data === undefined && found.isPending
      ? 'Спасибо! ИИ Поиск запущен.'
      : found.data
        ? `Спасибо! ${alreadyFoundText(found.data)} — новые ИИ Поиск будет присылать в Telegram.`
        : 'Спасибо! ИИ Поиск запущен — первые квартиры появятся совсем скоро.';
  return (
    <Modal title="Подписка оформлена" onClose={close} narrow>
      <div className="kv-lira-modal" data-testid="payment-success">
        <p aria-live="polite">{text}</p>
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
