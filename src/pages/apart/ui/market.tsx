import { useQuery } from '@tanstack/react-query';
import { districtStatisticsQuery, houseSummaryQuery } from '@/entities/apartment';
import type { ApartmentDetail } from '@/shared/api';
import { formatNumber, plural, roomsName } from '@/shared/lib';
import { Fact } from '@/shared/ui';
import { Section, SectionError, SectionSkeleton } from './section';

const OFFERS = ['предложение', 'предложения', 'предложений'] as const;

function num(value: number | string | undefined): number {
  return typeof value === 'number' ? value : 0;
}

/** Analytics for the house (its own listings) and the district (the statistics endpoint for one area). */
export function Market({ apartment, cityIds }: { apartment: ApartmentDetail; cityIds: readonly number[] }) {
  const house = useQuery(houseSummaryQuery(apartment.house.id));
  const district = useQuery(districtStatisticsQuery(cityIds, apartment.complexCard.areaId));
  const houseFacts = house.data ?? null;
  const summary = district.data?.find((b) => b.type === 'SUMMARY')?.items[0];
  const rooms = Math.min(4, apartment.roomsCnt);
  const sameRooms = district.data?.find((b) => b.type === 'PRICE_BY_ROOMS')?.items.find((i) => i.roomsCnt === rooms);
  const roomsTitle = rooms === 0 ? 'студии' : rooms === 4 ? '4+ комн.' : roomsName(rooms, 'short');
  return (
    <Section title="Аналитика дома и района" testId="apart-market">
      <div className="kv-apart-market">
        <div className="kv-apart-market__card">
          <h3>{apartment.house.name}</h3>
          {house.isPending && <SectionSkeleton lines={2} />}
          <SectionError what="данные дома" query={house} />
          {houseFacts && (
            <dl className="kv-facts">
              <Fact term="В продаже">
                {houseFacts.onSale} {plural(houseFacts.onSale, OFFERS)}
              </Fact>
              {houseFacts.avgPricePerMeter !== null && (
                <Fact term="Средняя цена м²">{formatNumber(houseFacts.avgPricePerMeter, 'rubSquare')}</Fact>
              )}
              {houseFacts.minPrice !== null && <Fact term="Самая доступная">{formatNumber(houseFacts.minPrice, 'rub')}</Fact>}
            </dl>
          )}
        </div>
        <div className="kv-apart-market__card">
          <h3>Район {apartment.complexCard.areaName}</h3>
          {district.isPending && <SectionSkeleton lines={2} />}
          <SectionError what="аналитику района" query={district} />
          {summary && (
            <dl className="kv-facts">
              <Fact term="В продаже">
                {num(summary.count)} {plural(num(summary.count), OFFERS)}
              </Fact>
              <Fact term="Средняя цена м²">{formatNumber(num(summary.avgPricePerMeter), 'rubSquare')}</Fact>
              {sameRooms && num(sameRooms.count) > 0 && (
                <Fact term={`Средняя цена, ${roomsTitle}`}>{formatNumber(num(sameRooms.avgPrice), 'rub')}</Fact>
              )}
            </dl>
          )}
        </div>
      </div>
    </Section>
  );
}
