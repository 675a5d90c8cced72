import type { ApartmentDetail } from '@/shared/api';
import { formatNumber } from '@/shared/lib';
import { comparablesText, dayText, historyChange, signedPercent } from '../lib/facts';
import { PriceChart } from './price-chart';
import { Section } from './section';

/** The fair-price verdict with its comparables, and the price history of the complex. */
export function FairPrice({ apartment }: { apartment: ApartmentDetail }) {
  const change = historyChange(apartment.priceHistory);
  return (
    <>
      <Section title="Справедливая цена" testId="apart-fair-price">
        <p className="kv-apart-fair__verdict">
          <strong className={apartment.fairPrice.deltaPercent <= -2 ? 'kv-good' : undefined}>{apartment.fairPrice.verdict}</strong>
          {' · '}оценка {formatNumber(apartment.fairPrice.fairPrice, 'rub')}
        </p>
        <p className="kv-muted">{comparablesText(apartment.pricePerMeter, apartment.comparables)}</p>
      </Section>
      <Section title="История цены" testId="apart-price-history">
        {apartment.priceHistory.length > 1 ? (
          <>
            <p className="kv-muted">
              Средняя цена м², {apartment.complex.name}, последние {apartment.priceHistory.length} мес.
              {change !== null ? `: ${signedPercent(change)}` : ''}
            </p>
            <PriceChart points={apartment.priceHistory} label={`Цена м²: ${apartment.complex.name}`} />
          </>
        ) : apartment.offerPriceHistory.length === 0 ? (
          <p className="kv-muted">История цены пока не накопилась.</p>
        ) : null}
        <OfferPrices points={apartment.offerPriceHistory} />
      </Section>
    </>
  );
}

/** An imported listing's own asking prices, as its feed changed them. */
function OfferPrices({ points }: { points: ApartmentDetail['offerPriceHistory'] }) {
  if (points.length === 0) return null;
  if (points.length === 1) return <p className="kv-muted">Цена объявления не менялась с {dayText(points[0]!.date)}.</p>;
  return (
    <>
      <h3>Цена объявления</h3>
      <ul className="kv-apart-offer-prices">
        {points.map((p, i) => {
          const previous = points[i - 1]?.priceTotal;
          return (
            <li key={p.date}>
              {dayText(p.date)} — {formatNumber(p.priceTotal, 'rub')}
              {previous ? ` (${signedPercent(Math.round((p.priceTotal / previous - 1) * 100))})` : ''}
            </li>
          );
        })}
      </ul>
    </>
  );
}
