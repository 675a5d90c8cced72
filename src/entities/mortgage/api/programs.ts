import { queryOptions, useQuery } from '@tanstack/react-query';
import { bestOffer, moscowDate, type MortgageOffer, type MortgageProgram } from '@kvarta/contract/mortgage';
import type { MortgageInfo } from '@kvarta/contract/selection';
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
 * The lowest payment for a listing among the programmes open to this buyer (their down payment, children, IT), or
 * without a buyer to everyone (no family or IT condition, each programme's least down payment); null while loading or
 * when no programme applies — then nothing is shown.
 */
export function useCardOffer(price: number, realtyType: 'NEW' | 'RESALE', buyer: MortgageInfo | null): MortgageOffer | null {
  return cardOffer(useQuery(mortgageProgramsQuery()).data, price, realtyType, buyer);
}

/** The card's offer from the programmes already loaded (the compare table asks it for several listings at once). */
export function cardOffer(
  programs: readonly MortgageProgram[] | undefined,
  price: number,
  realtyType: 'NEW' | 'RESALE',
  buyer: MortgageInfo | null = null,
): MortgageOffer | null {
  if (!programs) return null;
  const borrower = buyer
    ? { hasChildren: buyer.loanerInfo.hasChildren, worksInIT: buyer.loanerInfo.worksInIT, initialFee: buyer.initialFee }
    : { hasChildren: false, worksInIT: false };
  return bestOffer(programs, { price, realtyType }, borrower, moscowDate(new Date()));
}
