import { useQuery } from '@tanstack/react-query';
import { complexPropertiesQuery } from '@/entities/apartment';
import type { ApartmentDetail, PropertyRow } from '@/shared/api';
import { deadlineText, formatNumber } from '@/shared/lib';
import { Fact } from '@/shared/ui';
import { areaOrUnknown } from '../lib/facts';
import { HouseFacts, NO_DATA } from './house-facts';
import { Section, SectionError, SectionSkeleton } from './section';

/** Rows of the complex card the house facts already show: each fact appears once on the page. */
const IN_HOUSE_FACTS = new Set(['Тип дома', 'Этажность', 'Высота потолков', 'Парковка']);

function PropertyRows({ rows }: { rows: PropertyRow[] }) {
  return rows.map((row) => (
    <div key={row.title} className="kv-facts__row">
      <Fact term={row.title}>{row.value}</Fact>
    </div>
  ));
}

/** The apartment's own parameters, the house's facts as the listing's source gives them, and the complex card's. */
export function Parameters({ apartment }: { apartment: ApartmentDetail }) {
  const properties = useQuery(complexPropertiesQuery(apartment.complex.id));
  const listing = apartment.listing;
  const isComplex = (listing?.place ?? (apartment.realtyType === 'NEW' ? 'COMPLEX' : 'HOUSE')) === 'COMPLEX';
  const renovation = listing?.houseFacts.find((f) => f.key === 'renovation');
  const rows = properties.data?.filter((row) => !IN_HOUSE_FACTS.has(row.title)) ?? [];
  // A resale house is its own complex: the complex card's rows go on in the house's list, in its columns.
  const houseCard = !isComplex && properties.data ? <PropertyRows rows={rows} /> : null;
  return (
    <Section title="Параметры" testId="apart-parameters">
      <div className="kv-apart-params">
        <div>
          <h3>Квартира</h3>
          <dl className="kv-facts">
            <Fact term="Общая площадь">{formatNumber(apartment.areaTotal, 'square')}</Fact>
            <Fact term="Жилая площадь">{areaOrUnknown(apartment.areaResidential)}</Fact>
            <Fact term="Кухня">{areaOrUnknown(apartment.areaKitchen)}</Fact>
            <Fact term="Этаж">
              {apartment.floor} из {apartment.floors}
            </Fact>
            {!listing && (
              <Fact term="Отделка" className={apartment.renovation === null ? 'kv-muted' : undefined}>
                {apartment.renovation === null ? NO_DATA : apartment.renovation === 'FULLY_RENOVATED' ? 'Готовый ремонт' : 'Без отделки'}
              </Fact>
            )}
            <Fact term="Тип">
              {apartment.realtyType === 'NEW' ? 'Новостройка' : 'Вторичка'}
              {apartment.isApartHotel ? ', апартаменты' : ''}
            </Fact>
          </dl>
          {renovation && renovation.value === null && <p className="kv-muted">Об отделке продавец ничего не сообщил.</p>}
        </div>
        <div>
          <h3>{isComplex ? apartment.house.name : 'Дом'}</h3>
          {listing ? (
            // Whether a mortgage is possible is said once, in the «Ипотека» section beside its calculator (mortgage.tsx).
            <HouseFacts facts={listing.houseFacts.filter((f) => f.key !== 'mortgage')} address={apartment.address}>
              {houseCard}
            </HouseFacts>
          ) : (
            <dl className="kv-facts">
              <Fact term="Этажей в доме">{apartment.house.floors}</Fact>
              {apartment.realtyType === 'NEW' && (
                <Fact term="Срок сдачи">{apartment.house.stageIsPut ? 'Дом сдан' : deadlineText(apartment.house.deadline)}</Fact>
              )}
              <Fact term="Адрес">{apartment.address}</Fact>
              {houseCard}
            </dl>
          )}
        </div>
        {isComplex && (
          <div>
            <h3>{apartment.complexCard.name}</h3>
            {properties.isPending && <SectionSkeleton lines={4} />}
            <SectionError what="параметры комплекса" query={properties} />
            {properties.data && (
              <dl className="kv-facts">
                <PropertyRows rows={rows} />
              </dl>
            )}
          </div>
        )}
      </div>
    </Section>
  );
}
