import type { Query, QueryClient, QueryKey } from '@tanstack/react-query';
import { attach, createEvent, createStore } from 'effector';
import { IDENTITY_FREE_ROOTS, QUERY_ROOT } from '../config/query';

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

/**
 * The person changed (sign-in, sign-out, an anonymous user merged into an account): nothing cached for the previous one
 * may show. Their data is dropped; their keys are not asked again (a profile read with the new token would speak for
 * the wrong person), the screens read the new person's keys. Data that is the same for everyone stays, but an
 * apartment's listings may carry the previous person's reactions: the ones on screen are read again, the rest dropped.
 */
export const identityResetFx = attach({
  source: $queryClient,
  effect: async (client): Promise<void> => {
    const root = (query: Query) => String(query.queryKey[0]);
    client?.removeQueries({
      predicate: (query) => !IDENTITY_FREE_ROOTS.includes(root(query)) || (root(query) === QUERY_ROOT.APARTMENT && !query.isActive()),
    });
    await client?.invalidateQueries({ queryKey: [QUERY_ROOT.APARTMENT] });
  },
});
