import { MutationObserver, QueryClient, QueryObserver, type QueryKey } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apartKeys, complexKeys, favouriteKeys, selectionInfoKeys, topKeys } from '@/entities/apartment';
import { cityListQuery } from '@/entities/city';
import { liraKeys, portraitsQuery } from '@/entities/lira-profile';
import { reactionMutationOptions, type ReactionVariables } from '@/features/react-to-apartment';
import { api, type ApartmentItem } from '@/shared/api';
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
  const react = (variables: ReactionVariables) => new MutationObserver(client, reactionMutationOptions(USER)).mutate(variables);
  return { client, entries, reads, invalidated, react, card };
}

describe('a reaction reads again exactly what it changed', () => {
  afterEach(() => vi.restoreAllMocks());

  it('a like on the TOP: favourites and its AI index now; the TOP and AI-search lists only marked (no cards jump); nothing else', async () => {
    vi.spyOn(api, 'post').mockResolvedValue({ apartmentId: LIKED_ID, action: 'LIKE' });
    const { react, invalidated, reads, card, client, entries } = browsingCache();
    await react({ item: card, action: 'LIKE' });
    expect(invalidated().sort()).toEqual([
      'aiIndexOfLiked',
      'aiSearchList',
      'aiSearchMap',
      'favourites',
      'topList',
      'topMap',
      'topSidebar',
    ]);
    expect(reads.sort()).toEqual(['aiIndexOfLiked', 'favourites']);
    // Every list that shows the apartment shows the like, the shared guest TOP too; the rest kept their objects.
    const top = client.getQueryData<{ items: ApartmentItem[] }>(entries.topList![0])!;
    expect(top.items.map((item) => [item.id, item.type])).toEqual([
      [LIKED_ID, 'LIKED'],
      [202, 'NOT_VIEWED'],
    ]);
    expect(client.getQueryData<{ items: ApartmentItem[] }>(entries.guestTop![0])!.items[0]!.type).toBe('LIKED');
  });

  it('a dislike of a card not liked leaves favourites alone', async () => {
    vi.spyOn(api, 'post').mockResolvedValue({ apartmentId: LIKED_ID, action: 'DISLIKE' });
    const { react, invalidated, card, client, entries } = browsingCache();
    await react({ item: card, action: 'DISLIKE', notices: ['PRICE'] });
    expect(invalidated()).not.toContain('favourites');
    const shown = client.getQueryData<{ items: ApartmentItem[] }>(entries.topList![0])!.items[0]!;
    expect([shown.type, shown.notices.map((n) => n.title)]).toEqual(['DISLIKED', ['Цена']]);
  });

  it('a reaction in the AI search reads its lists again now (spec §4)', async () => {
    vi.spyOn(api, 'post').mockResolvedValue({ apartmentId: LIKED_ID, action: 'LIKE' });
    const { react, reads, card } = browsingCache();
    await react({ item: { ...card, selectionType: 'LIRA_4' }, action: 'LIKE' });
    expect(reads.sort()).toEqual(['aiIndexOfLiked', 'aiSearchList', 'aiSearchMap', 'favourites']);
  });

  it('a reaction in favourites resets the TOP and the AI search now (spec §4)', async () => {
    vi.spyOn(api, 'post').mockResolvedValue({ apartmentId: LIKED_ID, action: 'RESET_REACTION' });
    const { react, reads, card } = browsingCache();
    await react({ item: { ...card, type: 'LIKED', selectionType: 'FAV' }, action: 'RESET_REACTION' });
    expect(reads.sort()).toEqual(['aiIndexOfLiked', 'aiSearchList', 'aiSearchMap', 'favourites', 'topList', 'topMap', 'topSidebar']);
  });

  it("a like while the visitor's own TOP is still being read: that read is out of date, and the TOP asked again shows the like", async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
    const card = apartmentItemFixture({ id: LIKED_ID });
    const page = (type: ApartmentItem['type']) => ({ items: [{ ...card, type }], meta: { totalItems: 1, page: 0, size: 30 } });
    // The first screen shows the server's first-visit TOP while the visitor's own is on its way.
    client.setQueryData(topKeys.guestList(PARAMS), page('NOT_VIEWED'));
    let saved = false;
    let answerFirstRead: () => void = () => {};
    const reads: string[] = [];
    const own = new QueryObserver(client, {
      queryKey: topKeys.list(USER, PARAMS),
      queryFn: ({ signal }) => {
        reads.push(saved ? 'after the like' : 'before the like');
        const answer = page(saved ? 'LIKED' : 'NOT_VIEWED');
        if (saved) return Promise.resolve(answer);
        return new Promise((resolve, reject) => {
          answerFirstRead = () => resolve(answer);
          signal.addEventListener('abort', () => reject(signal.reason));
        });
      },
      staleTime: Infinity,
    });
    own.subscribe(() => {});
    const post = vi.spyOn(api, 'post').mockImplementation(async () => ((saved = true), { apartmentId: LIKED_ID, action: 'LIKE' }));

    const liking = new MutationObserver(client, reactionMutationOptions(USER)).mutate({ item: card, action: 'LIKE' });
    // The read asked before the like answers while the like is on its way.
    await vi.waitFor(() => expect(post).toHaveBeenCalled());
    answerFirstRead();
    await liking;
    await vi.waitFor(() => expect(client.getQueryData<ReturnType<typeof page>>(topKeys.list(USER, PARAMS))?.items[0]?.type).toBe('LIKED'));
    expect(reads).toEqual(['before the like', 'after the like']);
    expect(client.getQueryData<ReturnType<typeof page>>(topKeys.guestList(PARAMS))?.items[0]?.type).toBe('LIKED');
  });
});
