import type { MortgageInfo } from '@kvarta/contract/selection';
import { createContext, useContext, useLayoutEffect, useState, useSyncExternalStore, type ReactNode } from 'react';

/**
 * The buyer a list's payments are for: the `mortgageInfo` of the profile that made the list (TOP's or AI search's).
 * Without one (favourites, a first visit) a card shows the payment anyone could get: no family or IT programme, each
 * programme's least down payment.
 *
 * The context holds a small store, never a new value: a context change makes React hydrate at once every card still
 * waiting below the fold (a deferred island), and the buyer's terms arrive with the session, right after the first
 * screen. The cards' payment lines subscribe instead; one hydrating later draws the buyer it was rendered with on the
 * server first (its server snapshot), then the current one.
 */
interface BuyerStore {
  current: MortgageInfo | null;
  /** The buyer of the first render: the server's, for a page that hydrates. */
  readonly first: MortgageInfo | null;
  readonly listeners: Set<() => void>;
}

const MortgageBuyerContext = createContext<BuyerStore | null>(null);

export function MortgageBuyerProvider({ value, children }: { value: MortgageInfo | null; children: ReactNode }) {
  const [store] = useState<BuyerStore>(() => ({ current: value, first: value, listeners: new Set() }));
  useLayoutEffect(() => {
    if (store.current === value) return;
    store.current = value;
    for (const listener of store.listeners) listener();
  }, [store, value]);
  return <MortgageBuyerContext.Provider value={store}>{children}</MortgageBuyerContext.Provider>;
}

const noStore: BuyerStore = { current: null, first: null, listeners: new Set() };

export function useMortgageBuyer(): MortgageInfo | null {
  const store = useContext(MortgageBuyerContext) ?? noStore;
  return useSyncExternalStore(
    (changed) => {
      store.listeners.add(changed);
      return () => store.listeners.delete(changed);
    },
    () => store.current,
    () => store.first,
  );
}
