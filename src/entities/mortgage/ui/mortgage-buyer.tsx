import type { MortgageInfo } from '@kvarta/contract/selection';
import { createContext, useContext } from 'react';

/**
 * The buyer a list's payments are for: the `mortgageInfo` of the profile that made the list (TOP's or AI search's).
 * Without one (favourites, a first visit) a card shows the payment anyone could get: no family or IT programme, each
 * programme's least down payment.
 */
const MortgageBuyerContext = createContext<MortgageInfo | null>(null);

export const MortgageBuyerProvider = MortgageBuyerContext.Provider;

export const useMortgageBuyer = (): MortgageInfo | null => useContext(MortgageBuyerContext);
