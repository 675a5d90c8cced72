import { MortgageCalculator } from '@/features/mortgage-calculator';
import type { ApartmentDetail } from '@/shared/api';
import { Section } from './section';

/** «Ипотека»: the calculator for this listing's price and kind (new build or resale). */
export function Mortgage({ apartment }: { apartment: ApartmentDetail }) {
  return (
    <Section title="Ипотека" testId="apart-mortgage">
      <MortgageCalculator price={apartment.priceTotalMin} realtyType={apartment.realtyType} />
    </Section>
  );
}
