import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { allSettled, fork } from 'effector';
import { describe, expect, it } from 'vitest';
import { apartKeys, favouriteKeys, selectionInfoKeys, topKeys } from '@/entities/apartment';
import { cityListQuery } from '@/entities/city';
import { liraKeys } from '@/entities/lira-profile';
import { tokenReceived } from '@/entities/session';
import { serverCacheAttached } from '@/app/server-cache';

function tokenFor(id: number, isAnonymous: boolean) {
  const payload = btoa(JSON.stringify({ id, isAnonymous, exp: Math.floor(Date.now() / 1000) + 3600 })).replace(/=+$/, '');
  return { token: `e30.${payload}.signature`, expires: 0, isAnonymous };
}

const PARAMS = { cityIds: [7800000000000] };

/** A cache as a visitor leaves it: their TOP, favourites, AI search and AI index; cities; an apartment's page. */
async function visitedCache() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  const reads: string[] = [];
  const keys = {
    top: topKeys.list(7, PARAMS),
    favourites: favouriteKeys.liked(7),
    lira: liraKeys.variants(7, 'RELEVANCE_DESC', false),
    aiIndex: selectionInfoKeys.of(101, 7),
    cities: cityListQuery().queryKey,
    detailOnScreen: apartKeys.detail(101, [7800000000000]),
    relatedLeft: apartKeys.related('analogue', 55),
  };
  for (const [name, key] of Object.entries(keys)) client.setQueryData(key, { name });
  // The apartment page on screen, and the TOP (of the visitor before) still mounted.
  for (const name of ['detailOnScreen', 'top'] as const) {
    new QueryObserver(client, {
      queryKey: keys[name],
      queryFn: async () => (reads.push(name), { name, again: true }),
      staleTime: Infinity,
    }).subscribe(() => {});
  }
  const scope = fork();
  await allSettled(serverCacheAttached, { scope, params: client });
  return { client, scope, keys, reads };
}

describe('a new identity clears what the previous one was shown (spec §4 Session)', () => {
  it('the first session clears nothing', async () => {
    const { client, scope, keys } = await visitedCache();
    await allSettled(tokenReceived, { scope, params: tokenFor(7, true) });
    expect(client.getQueryData(keys.top)).toEqual({ name: 'top' });
    expect(client.getQueryData(keys.favourites)).toEqual({ name: 'favourites' });
  });

  it.each([
    ['sign-in, merged into another account', tokenFor(9, false)],
    ['sign-in, the account made from this visitor (same id)', tokenFor(7, false)],
  ])('%s: personal data dropped without asking for it again, shared data kept, listings on screen read again', async (_, next) => {
    const { client, scope, keys, reads } = await visitedCache();
    await allSettled(tokenReceived, { scope, params: tokenFor(7, true) });
    await allSettled(tokenReceived, { scope, params: next });
    for (const personal of [keys.top, keys.favourites, keys.lira, keys.aiIndex]) expect(client.getQueryData(personal)).toBeUndefined();
    // The previous person's TOP is not asked for with the new token.
    expect(reads).toEqual(['detailOnScreen']);
    expect(client.getQueryData(keys.cities)).toEqual({ name: 'cities' });
    expect(client.getQueryData(keys.detailOnScreen)).toEqual({ name: 'detailOnScreen', again: true });
    expect(client.getQueryData(keys.relatedLeft)).toBeUndefined();
  });

  it('sign-out: the anonymous session that follows is another identity too', async () => {
    const { client, scope, keys } = await visitedCache();
    await allSettled(tokenReceived, { scope, params: tokenFor(7, false) });
    await allSettled(tokenReceived, { scope, params: tokenFor(12, true) });
    expect(client.getQueryData(keys.favourites)).toBeUndefined();
  });
});
