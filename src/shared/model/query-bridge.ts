import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { attach, createEvent, createStore } from 'effector';

/**
 * The one bridge from effector to the react-query cache: a model that knows server data changed samples a query key
 * into invalidateFx, instead of bumping a counter for a component to watch.
 */
export const queryClientAttached = createEvent<QueryClient>();
/** The app's query cache, kept in the scope (set once by appStarted); null in scopes that have none. */
export const $queryClient = createStore<QueryClient | null>(null, { serialize: 'ignore' }).on(queryClientAttached, (_, client) => client);

/** Marks every query under the key stale; the mounted ones refetch at once, the others on their next mount. */
export const invalidateFx = attach({
  source: $queryClient,
  effect: async (client, queryKey: QueryKey): Promise<void> => {
    await client?.invalidateQueries({ queryKey });
  },
});
