import { useUnit } from 'effector-react';
import type { ApartmentDetail } from '@/shared/api';
import { formatNumber } from '@/shared/lib';
import { callbackModal } from '@/shared/model';
import { useMainButton, useSecondaryButton } from '@/shared/ui';

/**
 * Price, ₽/m², the fair-price verdict and the three actions. Each action opens the callback modal
 * (registered by the call-back feature) with what was asked for in extraField.
 */
export function PricePanel({ apartment }: { apartment: ApartmentDetail }) {
  const open = useUnit(callbackModal.opened);
  // extraField tells the manager what was asked for and about which apartment; title heads the modal.
  const ask = (what: string, title: string) => open({ extraField: `${what}, квартира ${apartment.id}`, title });
  const cheaper = apartment.fairPrice.deltaPercent <= -2;
  const unavailable = apartment.isSold;
  const callback = () => ask('Обратный звонок', 'Заказать звонок');
  const book = () => ask('Бронирование', 'Забронировать квартиру');
  // Inside Telegram the first two actions are its Main and Secondary buttons; «Связаться с менеджером» stays here.
  const nativeCallback = useMainButton({ text: 'Заказать звонок', onClick: callback });
  const nativeBook = useSecondaryButton({ text: 'Забронировать', onClick: book, disabled: unavailable });
  return (
    <aside className="kv-apart-price" aria-label="Цена и действия">
      <p className="kv-apart-price__total" data-testid="apart-price">
        {formatNumber(apartment.priceTotalMin, 'rub')}
      </p>
      <p className="kv-apart-price__meter">{formatNumber(apartment.pricePerMeter, 'rubSquare')}</p>
      <p className={`kv-apart-price__verdict${cheaper ? ' kv-good' : ''}`}>{apartment.fairPrice.verdict}</p>
      {unavailable && <p className="kv-badge kv-badge--danger">Квартира продана</p>}
      <div className="kv-apart-price__actions">
        {!nativeCallback && (
          <button
            type="button"
            className="kv-button kv-button--primary kv-button--wide"
            aria-haspopup="dialog"
            onClick={callback}
            data-testid="apart-callback"
          >
            Заказать звонок
          </button>
        )}
        {!nativeBook && (
          <button type="button" className="kv-button kv-button--wide" aria-haspopup="dialog" disabled={unavailable} onClick={book}>
            Забронировать
          </button>
        )}
        <button
          type="button"
          className="kv-button kv-button--wide"
          aria-haspopup="dialog"
          onClick={() => ask('Звонок менеджера', 'Связаться с менеджером')}
        >
          Связаться с менеджером
        </button>
      </div>
    </aside>
  );
}
