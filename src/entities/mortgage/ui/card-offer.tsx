import { useCardOffer } from '../api/programs';
import { useMortgageBuyer } from './mortgage-buyer';
import { OfferTerms } from './offer-terms';

/** The card's payment line, for the list's buyer: shown only when a programme applies, and always with its terms. */
export function CardMortgageOffer({ price, realtyType }: { price: number; realtyType: 'NEW' | 'RESALE' }) {
  const offer = useCardOffer(price, realtyType, useMortgageBuyer());
  return offer ? <OfferTerms offer={offer} className="kv-mortgage-offer--card" testId="card-mortgage" /> : null;
}
