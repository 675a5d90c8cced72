import { MortgageCalculator } from '@/features/mortgage-calculator';
import type { ApartmentDetail } from '@/shared/api';
import { Section } from './section';

/** What the seller says about a mortgage, where it is not a plain yes: said once, above the calculator. */
function sellerWord(apartment: ApartmentDetail): string | null {
  const fact = apartment.listing?.houseFacts.find((f) => f.key === 'mortgage');
  if (!fact) return null;
  if (fact.value === null) return 'Продавец не указал, возможна ли ипотека: уточните у него.';
  return fact.value === 'Нет' ? 'Продавец указал, что ипотеку не рассматривает.' : null;
}

/** «Ипотека»: what the seller says about it, and the calculator for this listing's price and kind (new build or resale). */
export function Mortgage({ apartment }: { apartment: ApartmentDetail }) {
  const word = sellerWord(apartment);
  return (
    <Section title="Ипотека" testId="apart-mortgage">
      {word && (
        <p className="kv-muted" data-testid="apart-mortgage-seller">
          {word}
        </p>
      )}
      <MortgageCalculator price={apartment.priceTotalMin} realtyType={apartment.realtyType} />
    </Section>
  );
}
