import type { ApartmentDetail } from '@/shared/api';
import { formatNumber } from '@/shared/lib';
import { comparablesText } from '../lib/facts';
import { Section } from './section';

/** The fair-price verdict with its comparables (the price history is its own section: listing-price-history.tsx). */
export function FairPrice({ apartment }: { apartment: ApartmentDetail }) {
  return (
    <Section title="Справедливая цена" testId="apart-fair-price">
      <p className="kv-apart-fair__verdict">
        <strong className={apartment.fairPrice.deltaPercent <= -2 ? 'kv-good' : undefined}>{apartment.fairPrice.verdict}</strong>
        {' · '}оценка {formatNumber(apartment.fairPrice.fairPrice, 'rub')}
      </p>
      <p className="kv-muted">{comparablesText(apartment.pricePerMeter, apartment.comparables)}</p>
    </Section>
  );
}
