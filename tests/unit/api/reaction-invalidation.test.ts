import { QueryClient, QueryObserver, type QueryKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { apartKeys, complexKeys, favouriteKeys, selectionInfoKeys, topKeys } from '@/entities/apartment';
import { cityListQuery } from '@/entities/city';
import { liraKeys, portraitsQuery } from '@/entities/lira-profile';
import { readAgainAfterReaction, type ReactionVariables } from '@/features/react-to-apartment';
import type { ApartmentItem } from '@/shared/api';
import { apartmentItemFixture } from '../support/apartment';

const USER = 7;
const PARAMS = { cityIds: [7800000000000] };
const LIKED_ID = 101;

/** A cache as the app holds it while the user browses, every entry on screen (each would be read again at once). */
function browsingCache() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  const card = apartmentItemFixture({ id: LIKED_ID });
  const other = apartmentItemFixture({ id: 202 });
  const cards = (items: ApartmentItem[]) => ({ items, meta: { totalItems: items.length, page: 0, size: 30 } });
  const entries: Record<string, [QueryKey, unknown]> = {
    topList: [topKeys.list(USER, PARAMS), cards([card, other])],
    topMap: [topKeys.map(USER, PARAMS), []],
    topSidebar: [topKeys.sidebar(USER, [LIKED_ID]), { LIKED: [], NOT_VIEWED: [card], DISLIKED: [] }],
    guestTop: [topKeys.guestList(PARAMS), cards([card])],
    favourites: [favouriteKeys.liked(USER), [{ ...other, type: 'LIKED', selectionType: 'FAV' }]],
    aiIndexOfLiked: [selectionInfoKeys.of(LIKED_ID, USER), { apartmentId: LIKED_ID }],
    aiIndexOfOther: [selectionInfoKeys.of(202, USER), { apartmentId: 202 }],
    aiSearchList: [
      liraKeys.variants(USER, 'RELEVANCE_DESC', false),
      { pages: [cards([{ ...card, selectionType: 'LIRA_4' }])], pageParams: [0] },
    ],
    aiSearchMap: [liraKeys.map(USER, false), []],
    aiSearchCatalog: [portraitsQuery().queryKey, []],
    apartmentPage: [apartKeys.detail(LIKED_ID, PARAMS.cityIds), card],
    adverts: [apartKeys.adverts(LIKED_ID), []],
    related: [apartKeys.related('analogue', 55), [card]],
    complex: [complexKeys.properties(11), []],
    cities: [cityListQuery().queryKey, []],
  };
  const reads: string[] = [];
  for (const [name, [key, data]] of Object.entries(entries)) {
    client.setQueryData(key, data);
    new QueryObserver(client, { queryKey: key, queryFn: async () => (reads.push(name), data), staleTime: Infinity }).subscribe(() => {});
  }
  // Read again, or marked stale to be read on the next visit.
  const invalidated = () =>
    Object.keys(entries).filter((name) => reads.includes(name) || client.getQueryState(entries[name]![0])?.isInvalidated);
  const react = (variables: ReactionVariables) => readAgainAfterReaction(client, USER, variables);
  return { client, entries, reads, invalidated, react, card };
}

/** Every list and index in the cache (sorted): what a like on the TOP marks, and what a reaction in favourites reads. */
const EVERY_LIST = ['aiIndexOfLiked', 'aiIndexOfOther', 'aiSearchList', 'aiSearchMap', 'favourites', 'topList', 'topMap', 'topSidebar'];

describe('a settled reaction reads again exactly what it changed', () => {
  it('a like on the TOP: favourites and every AI index now; the TOP and AI-search lists only marked (no cards jump); nothing else', async () => {
    const { react, invalidated, reads, card } = browsingCache();
    await react({ item: card, action: 'LIKE' });
    expect(invalidated().sort()).toEqual(EVERY_LIST);
    expect(reads.sort()).toEqual(['aiIndexOfLiked', 'aiIndexOfOther', 'favourites']);
  });

  it('a dislike with reasons on the TOP reads the TOP now (what it taught shows on the cards not yet seen); so does its undoing', async () => {
    const { react, reads, card } = browsingCache();
    await react({ item: card, action: 'DISLIKE', notices: ['METRO'] });
    expect(reads.sort()).toEqual(['aiIndexOfLiked', 'aiIndexOfOther', 'topList', 'topMap', 'topSidebar']);
    reads.length = 0;
    await react({ item: { ...card, type: 'DISLIKED' }, action: 'RESET_REACTION' });
    expect(reads.sort()).toEqual(['aiIndexOfLiked', 'aiIndexOfOther', 'topList', 'topMap', 'topSidebar']);
  });

  it('a dislike without reasons leaves the TOP in place', async () => {
    const { react, reads, card } = browsingCache();
    await react({ item: card, action: 'DISLIKE', notices: [] });
    expect(reads).not.toContain('topList');
  });

  it('a dislike of a card not liked leaves favourites alone', async () => {
    const { react, invalidated, card } = browsingCache();
    await react({ item: card, action: 'DISLIKE', notices: ['PRICE'] });
    expect(invalidated()).not.toContain('favourites');
  });

  it('a reaction in the AI search reads its lists again now (spec §4)', async () => {
    const { react, reads, card } = browsingCache();
    await react({ item: { ...card, selectionType: 'LIRA_4' }, action: 'LIKE' });
    expect(reads.sort()).toEqual(['aiIndexOfLiked', 'aiIndexOfOther', 'aiSearchList', 'aiSearchMap', 'favourites']);
  });

  it('a reaction in favourites resets the TOP and the AI search now (spec §4)', async () => {
    const { react, reads, card } = browsingCache();
    await react({ item: { ...card, type: 'LIKED', selectionType: 'FAV' }, action: 'RESET_REACTION' });
    expect(reads.sort()).toEqual(EVERY_LIST);
  });
});
