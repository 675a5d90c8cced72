import { useUnit } from 'effector-react';
import type { ApartmentDetail } from '@/shared/api';
import { formatNumber, roomsAndArea, unitKind } from '@/shared/lib';
import { callbackModal, type CallbackModalProps } from '@/shared/model';
import { useMainButton, useSecondaryButton } from '@/shared/ui';

/**
 * Price, ₽/m², the fair-price verdict and the three actions. Each action opens the callback modal
 * (registered by the call-back feature) with what was asked for in extraField.
 */
export function PricePanel({ apartment }: { apartment: ApartmentDetail }) {
  const open = useUnit(callbackModal.opened);
  const apartments = apartment.isApartHotel;
  // extraField tells the manager what was asked for and about which apartment; title heads the modal.
  const ask = (what: string, dialog: Omit<CallbackModalProps, 'extraField'>) =>
    open({ extraField: `${what}, квартира ${apartment.id}`, ...dialog });
  const cheaper = apartment.fairPrice.deltaPercent <= -2;
  const unavailable = apartment.isSold;
  const callback = () => ask('Обратный звонок', { title: 'Заказать звонок' });
  // A booking is a request to hold this very unit: the manager needs the unit and its price, the person needs to know
  // that nothing is paid or signed by sending it.
  const unit = `${roomsAndArea(apartment.roomsCnt, apartment.areaTotal, 'nominative', unitKind(apartments))}, ${apartment.complex.name}, ${apartment.floor} этаж, ${formatNumber(apartment.priceTotalMin, 'rub')}`;
  const book = () =>
    ask(`Бронирование: ${unit}`, {
      title: apartments ? 'Забронировать апартаменты' : 'Забронировать квартиру',
      lead: `Менеджер проверит, ${apartments ? 'свободны ли апартаменты' : 'свободна ли квартира'}, и перезвонит, чтобы закрепить ${apartments ? 'их' : 'её'} за вами. Заявка ни к чему не обязывает: оплата и договор — только после разговора.`,
      submitText: 'Отправить заявку на бронь',
    });
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
          onClick={() => ask('Звонок менеджера', { title: 'Связаться с менеджером' })}
        >
          Связаться с менеджером
        </button>
      </div>
    </aside>
  );
}
