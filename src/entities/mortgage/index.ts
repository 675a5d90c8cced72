export { cardOffer, mortgageProgramsQuery } from './api/programs';
export { CardMortgageOffer } from './ui/card-offer';
export { formatRate, fullCostText, offerTerms } from './ui/offer-terms';
export { MortgageBuyerProvider } from './ui/mortgage-buyer';
