import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useUnit } from 'effector-react';
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { cityListQuery } from '@/entities/city';
import { formatNumber, roomsAndArea, themedImage, unitKind, useDarkPage } from '@/shared/lib';
import { apartmentModal, modalClosed } from '@/shared/model';
import { Fact, Modal } from '@/shared/ui';
import { apartDetailQuery } from '../api/apart-queries';
import { ComplexLink } from './complex-link';
import './apartment-modal.css';

/** The apartment modal (spec §2): the summary of a card and a link to its page. */
export function ApartmentModal() {
  const [props, close] = useUnit([apartmentModal.$props, modalClosed]);
  const cities = useQuery(cityListQuery());
  const item = props?.item;
  const city = item ? cities.data?.find((c) => c.kladr === item.cityId) : undefined;
  const queryClient = useQueryClient();
  const dark = useDarkPage();
  // The page is one click away: start loading it while the user reads the summary.
  useEffect(() => {
    if (item && city) void queryClient.prefetchQuery(apartDetailQuery(item.id, city.cityIds));
  }, [item, city, queryClient]);
  if (!item) return null;
  // Opened from favourites: no dislike, no AI index (spec §2 FAV).
  const withoutRelevance = props?.withoutRelevance === true;
  const link = city?.link;
  return (
    <Modal title={roomsAndArea(item.roomsCnt, item.areaTotal, 'nominative', unitKind(item.isApartHotel))} onClose={close}>
      <div className="kv-apartment-modal" data-testid="apartment-modal">
        <img
          className="kv-apartment-modal__photo"
          src={item.images[0] && themedImage(item.images[0], dark).x2}
          alt={`Жилой комплекс ${item.complex.name}`}
          width={480}
          height={320}
        />
        <p className="kv-card__price">{formatNumber(item.priceTotalMin, 'rub')}</p>
        <p className="kv-muted">
          {formatNumber(item.pricePerMeter, 'rubSquare')} · {item.fairPrice.verdict}
          {!withoutRelevance && item.relevancePercent !== null ? ` · индекс AI ${item.relevancePercent} %` : ''}
        </p>
        <dl className="kv-facts">
          <Fact term="Комплекс">
            <ComplexLink complexId={item.complex.id} cityId={item.cityId} onClick={close} plainWithoutLink>
              {item.complex.name}
            </ComplexLink>
          </Fact>
          <Fact term="Этаж">
            {item.floor} из {item.floors}
          </Fact>
          {item.areaKitchen > 0 && <Fact term="Кухня">{formatNumber(item.areaKitchen, 'square')}</Fact>}
          <Fact term="Адрес">{item.address}</Fact>
          {item.metro[0] && (
            <Fact term="Метро">
              {item.metro[0].name}, {item.metro[0].minutes} мин пешком
            </Fact>
          )}
          <Fact term="Статус">{item.tagList.join(' · ')}</Fact>
        </dl>
        {link && (
          <Link
            className="kv-button kv-button--primary kv-button--wide kv-apartment-modal__open"
            to={`/${link}/apart/${item.id}`}
            onClick={close}
          >
            Открыть страницу квартиры
          </Link>
        )}
      </div>
    </Modal>
  );
}
