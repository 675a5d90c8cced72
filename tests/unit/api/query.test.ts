import { afterEach, describe, expect, it, vi } from 'vitest';
import { cityListQuery, metroListQuery } from '@/entities/city';
import { liraMapQuery, liraVariantsQuery } from '@/entities/lira-profile';
import { presetsQuery } from '@/entities/preset';
import { HttpResponse, http } from 'msw';
import { QUERY_TIME, createQueryClient } from '@/shared/api';
import { ok, useNetwork } from '../support/network';

const network = useNetwork();

afterEach(() => vi.restoreAllMocks());

describe('query times (spec §7, §9) live in one place and the factories use them', () => {
  it('the spec numbers', () => {
    expect(QUERY_TIME).toMatchObject({
      DEFAULT_STALE: 60_000,
      FOREVER: Infinity,
      PRESETS: 3_600_000,
      LIRA_LIST_POLL: 5_000,
      LIRA_MAP_POLL: 60_000,
    });
  });

  it('a fetched answer stays fresh for 60 s by default and is not refetched on focus', async () => {
    const client = createQueryClient();
    expect(client.getDefaultOptions().queries?.refetchOnWindowFocus).toBe(false);
    await client.fetchQuery({ queryKey: ['any'], queryFn: async () => 1 });
    const query = client.getQueryCache().find({ queryKey: ['any'] })!;
    expect(query.isStaleByTime(client.getDefaultOptions().queries?.staleTime as number)).toBe(false);
    const spy = vi.fn(async () => 2);
    expect(await client.ensureQueryData({ queryKey: ['any'], queryFn: spy })).toBe(1);
    expect(spy).not.toHaveBeenCalled();
  });

  it('cities and metro are kept forever, presets for an hour', async () => {
    let asked = 0;
    network.use(http.all('*/api/*', () => (asked++, HttpResponse.json(ok([])))));
    const client = createQueryClient();
    await client.fetchQuery(cityListQuery());
    await client.fetchQuery(metroListQuery([78], true));
    await client.fetchQuery(presetsQuery('FREE_TOP', 78));
    // Asking again within each lifetime answers from the cache: no second request.
    await client.ensureQueryData(cityListQuery());
    await client.ensureQueryData(metroListQuery([78], true));
    await client.ensureQueryData(presetsQuery('FREE_TOP', 78));
    expect(asked).toBe(3);
    expect([cityListQuery().staleTime, cityListQuery().gcTime, metroListQuery([78], true).staleTime]).toEqual([
      QUERY_TIME.FOREVER,
      QUERY_TIME.FOREVER,
      QUERY_TIME.FOREVER,
    ]);
    expect([presetsQuery('FREE_TOP', 78).staleTime, presetsQuery('FREE_TOP', 78).gcTime]).toEqual([QUERY_TIME.PRESETS, QUERY_TIME.PRESETS]);
  });

  it('the AI-search list polls every 5 s only while its first page is empty; the map every 60 s', async () => {
    const pages = (n: number) => ({ items: Array.from({ length: n }, (_, id) => ({ id })), meta: { totalItems: n } });
    const intervalAfter = async (answer: ReturnType<typeof pages>, poll: boolean) => {
      network.use(http.all('*/api/*', () => HttpResponse.json(ok(answer))));
      const client = createQueryClient();
      const options = liraVariantsQuery(1, 'SUGGESTION_DATE_DESC', false, poll);
      await client.fetchInfiniteQuery(options);
      const query = client.getQueryCache().find({ queryKey: options.queryKey })!;
      const interval = options.refetchInterval;
      return typeof interval === 'function' ? interval(query as never) : interval;
    };
    expect(await intervalAfter(pages(0), true)).toBe(QUERY_TIME.LIRA_LIST_POLL);
    expect(await intervalAfter(pages(3), true)).toBe(false);
    expect(await intervalAfter(pages(0), false)).toBe(false);
    expect(liraMapQuery(1, false, true).refetchInterval).toBe(QUERY_TIME.LIRA_MAP_POLL);
    expect(liraMapQuery(1, false, false).refetchInterval).toBe(false);
  });
});
