import { useMemo } from 'react';
import type { ApartmentDetail } from '@/shared/api';
import { dayText, formatNumber } from '@/shared/lib';
import { signedPercent } from '../lib/facts';
import { monthTime, priceRows, totalChange } from '../lib/price-history';
import { PriceChart, type ChartSeries } from './price-chart';
import './listing.css';
import { Section } from './section';

const percentText = (value: number) => signedPercent(value).replace('.', ',');

/**
 * «История цены»: this listing's own asking prices — dates, prices and each change in percent — and, as a separate
 * labelled line on the same ₽/m² axis, the average ₽/m² of the flats on sale in its house (or complex).
 */
export function ListingPriceHistory({ apartment }: { apartment: ApartmentDetail }) {
  const rows = priceRows(apartment.offerPriceHistory);
  const total = totalChange(apartment.offerPriceHistory);
  const place = (apartment.listing?.place ?? (apartment.realtyType === 'NEW' ? 'COMPLEX' : 'HOUSE')) === 'COMPLEX' ? 'в ЖК' : 'в доме';
  const series = useMemo<ChartSeries[]>(() => {
    const own = apartment.offerPriceHistory.map((p) => ({ at: Date.parse(p.date), value: Math.round(p.priceTotal / apartment.areaTotal) }));
    const house = apartment.priceHistory.map((p) => ({ at: monthTime(p.month), value: p.pricePerMeter }));
    return [
      { label: 'Эта квартира, ₽ за м²', points: own, stepped: true },
      ...(house.length > 0 ? [{ label: `Средняя цена м² ${place}`, points: house }] : []),
    ];
  }, [apartment.offerPriceHistory, apartment.priceHistory, apartment.areaTotal, place]);
  return (
    <Section title="История цены" testId="apart-price-history">
      {rows.length === 0 ? (
        <p className="kv-muted">История цены этого объявления пока не накопилась.</p>
      ) : (
        <>
          <p className="kv-muted" data-testid="price-history-summary">
            {total === null
              ? `Цена не менялась с ${dayText(rows[0]!.date)}.`
              : `С публикации ${dayText(rows[0]!.date)}: ${percentText(total)}.`}
          </p>
          <table className="kv-apart-offer-prices" data-testid="offer-prices">
            <thead>
              <tr>
                <th scope="col">Дата</th>
                <th scope="col">Цена</th>
                <th scope="col">Изменение</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.date}>
                  <td>
                    <time dateTime={row.date}>{dayText(row.date)}</time>
                  </td>
                  <td>{formatNumber(row.priceTotal, 'rub')}</td>
                  <td className={row.change !== null && row.change < 0 ? 'kv-good' : undefined}>
                    {row.change === null ? 'публикация' : percentText(row.change)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
      {series.some((s) => s.points.length > 1) && (
        <>
          <p className="kv-muted">
            Сплошная линия — цена этой квартиры за м², пунктир — средняя цена м² квартир в продаже {place} по месяцам.
          </p>
          <PriceChart series={series} label={`История цены: ${apartment.complex.name}`} />
        </>
      )}
    </Section>
  );
}
