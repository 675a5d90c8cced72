import './mortgage.css';
import type { MortgageOffer } from '@kvarta/contract/mortgage';
import { formatNumber, plural } from '@/shared/lib';

/**
 * A monthly payment never stands alone (38-FZ «О рекламе», art. 28: an advertised credit figure comes with its
 * conditions): the programme, the lender, the rate with the full cost of the credit (ПСК, in the same type), the term
 * and the down payment are printed beside it, and an example programme says it is one.
 */
export function offerTerms(offer: MortgageOffer): string {
  return (
    `${offer.programName}, ${offer.lender}: ставка ${formatRate(offer.rate)}\u00a0% годовых, ПСК ${fullCostText(offer.fullCost)}\u00a0% годовых, ` +
    `срок ${offer.termYears} ${years(offer.termYears)}, ` +
    `первоначальный взнос ${formatNumber(offer.downPayment, 'rub')}`
  );
}

/** '6,5', '5,99': a rate to two decimals in Russian writing (not toLocaleString: its ICU data costs a phone's first render). */
export const formatRate = (rate: number) => String(Math.round(rate * 100) / 100).replace('.', ',');
const years = (n: number) => plural(n, ['год', 'года', 'лет']);
/** ПСК as the lender states it: '6,4' or a range '6,4–9,8'. */
export const fullCostText = ({ min, max }: MortgageOffer['fullCost']) =>
  min === max ? formatRate(min) : `${formatRate(min)}–${formatRate(max)}`;

export function OfferTerms({ offer, className, testId }: { offer: MortgageOffer; className?: string; testId?: string }) {
  return (
    <p className={`kv-mortgage-offer${className ? ` ${className}` : ''}`} data-testid={testId}>
      <span className="kv-mortgage-offer__payment">В ипотеку {formatNumber(offer.monthlyPayment, 'rubMonth')}</span>{' '}
      <span className="kv-mortgage-offer__terms">
        — {offerTerms(offer)}
        {offer.isExample ? ' (пример программы, не предложение банка)' : ''}
      </span>
    </p>
  );
}
