import { useQuery } from '@tanstack/react-query';
import { complexPropertiesQuery } from '@/entities/apartment';
import { errorMessage, type ApartmentDetail } from '@/shared/api';
import { formatMeasure, formatNumber } from '@/shared/lib';
import { areaOrUnknown, deadlineText } from '../lib/facts';
import { Section, SectionError, SectionSkeleton } from './section';

/** The apartment's own parameters and the complex card's (class, house type, parking…). */
export function Parameters({ apartment }: { apartment: ApartmentDetail }) {
  const properties = useQuery(complexPropertiesQuery(apartment.complex.id));
  return (
    <Section title="Параметры" testId="apart-parameters">
      <div className="kv-apart-params">
        <div>
          <h3>Квартира</h3>
          <dl className="kv-facts">
            <dt>Общая площадь</dt>
            <dd>{formatNumber(apartment.areaTotal, 'square')}</dd>
            <dt>Жилая площадь</dt>
            <dd>{areaOrUnknown(apartment.areaResidential)}</dd>
            <dt>Кухня</dt>
            <dd>{areaOrUnknown(apartment.areaKitchen)}</dd>
            <dt>Этаж</dt>
            <dd>
              {apartment.floor} из {apartment.floors}
            </dd>
            <dt>Потолки</dt>
            <dd>{formatMeasure(apartment.ceilingHeight, 'м')}</dd>
            <dt>Отделка</dt>
            <dd>{apartment.renovation === 'FULLY_RENOVATED' ? 'Готовый ремонт' : 'Без отделки'}</dd>
            <dt>Тип</dt>
            <dd>
              {apartment.realtyType === 'NEW' ? 'Новостройка' : 'Вторичка'}
              {apartment.isApartHotel ? ', апартаменты' : ''}
            </dd>
          </dl>
        </div>
        <div>
          <h3>{apartment.house.name}</h3>
          <dl className="kv-facts">
            <dt>Этажей</dt>
            <dd>{apartment.house.floors}</dd>
            <dt>Срок сдачи</dt>
            <dd>{apartment.house.stageIsPut ? 'Дом сдан' : deadlineText(apartment.house.deadline)}</dd>
            <dt>Адрес</dt>
            <dd>{apartment.address}</dd>
          </dl>
        </div>
        <div>
          <h3>{apartment.complexCard.name}</h3>
          {properties.isPending && <SectionSkeleton lines={4} />}
          {properties.isError && (
            <SectionError
              text={`Не удалось загрузить параметры комплекса: ${errorMessage(properties.error)}`}
              onRetry={() => void properties.refetch()}
            />
          )}
          {properties.data && (
            <dl className="kv-facts">
              {properties.data.map((row) => (
                <div key={row.title} className="kv-facts__row">
                  <dt>{row.title}</dt>
                  <dd>{row.value}</dd>
                </div>
              ))}
            </dl>
          )}
        </div>
      </div>
    </Section>
  );
}
