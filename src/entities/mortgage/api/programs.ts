import { queryOptions, useQuery } from '@tanstack/react-query';
import { bestOffer, moscowDate, type MortgageOffer, type MortgageProgram } from '@kvarta/contract/mortgage';
import { QUERY_ROOT, QUERY_TIME, api } from '@/shared/api';

/** The programmes open today (the operator's; in the demo, its marked examples). They change rarely: an hour. */
export function mortgageProgramsQuery() {
  return queryOptions({
    queryKey: [QUERY_ROOT.MORTGAGE, 'programs'] as const,
    queryFn: ({ signal }) => api.call('mortgagePrograms', { signal }),
    staleTime: QUERY_TIME.MORTGAGE_PROGRAMS,
    gcTime: QUERY_TIME.MORTGAGE_PROGRAMS,
  });
}

/**
 * The lowest payment for a listing among the programmes open to everyone (no family or IT condition), at each
 * programme's least down payment; null while loading or when no programme applies — then nothing is shown.
 */
export function useCardOffer(price: number, realtyType: 'NEW' | 'RESALE'): MortgageOffer | null {
  return cardOffer(useQuery(mortgageProgramsQuery()).data, price, realtyType);
}

/** The card's offer from the programmes already loaded (the compare table asks it for several listings at once). */
export function cardOffer(
  programs: readonly MortgageProgram[] | undefined,
  price: number,
  realtyType: 'NEW' | 'RESALE',
): MortgageOffer | null {
  if (!programs) return null;
  return bestOffer(programs, { price, realtyType }, { hasChildren: false, worksInIT: false }, moscowDate(new Date()));
}
