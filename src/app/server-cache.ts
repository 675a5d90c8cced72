import type { Query, QueryClient } from '@tanstack/react-query';
import { attach, createEvent, createStore, sample } from 'effector';
import { $userId, identityChanged } from '@/entities/session';
import { readAgainAfterReaction, reactionSettled } from '@/features/react-to-apartment';
import { IDENTITY_FREE_ROOTS, QUERY_ROOT } from '@/shared/config/query';
import { serverDataChanged } from '@/shared/model';

/**
 * Where a flow's outcome meets the server cache. The models only say what happened (a new identity, a settled reaction,
 * changed AI-search settings); the app, which owns the query client, decides what is read again. No model below the app
 * holds the client.
 */
export const serverCacheAttached = createEvent<QueryClient>();
const $client = createStore<QueryClient | null>(null, { serialize: 'ignore' }).on(serverCacheAttached, (_, client) => client);

/**
 * The person changed (sign-in, sign-out, an anonymous user merged into an account): nothing cached for the previous one
 * may show. Their data is dropped; their keys are not asked again (a profile read with the new token would speak for
 * the wrong person), the screens read the new person's keys. Data that is the same for everyone stays, but an
 * apartment's listings may carry the previous person's reactions: the ones on screen are read again, the rest dropped.
 */
const forgetPersonFx = attach({
  source: $client,
  effect: async (client): Promise<void> => {
    const root = (query: Query) => String(query.queryKey[0]);
    client?.removeQueries({
      predicate: (query) => !IDENTITY_FREE_ROOTS.includes(root(query)) || (root(query) === QUERY_ROOT.APARTMENT && !query.isActive()),
    });
    await client?.invalidateQueries({ queryKey: [QUERY_ROOT.APARTMENT] });
  },
});
sample({ clock: identityChanged, target: forgetPersonFx });

const readAgainFx = attach({
  source: { client: $client, userId: $userId },
  effect: async ({ client, userId }, variables: Parameters<typeof readAgainAfterReaction>[2]) =>
    client ? readAgainAfterReaction(client, userId, variables) : undefined,
});
sample({ clock: reactionSettled, target: readAgainFx });

// A flow said a kind of data changed (the AI search's settings or status, the personalisation switch): what is on
// screen is read again.
const markStaleFx = attach({
  source: $client,
  effect: async (client, root: string): Promise<void> => void (await client?.invalidateQueries({ queryKey: [root] })),
});
sample({ clock: serverDataChanged, target: markStaleFx });
