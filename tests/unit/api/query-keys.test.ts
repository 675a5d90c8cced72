import { describe, expect, it } from 'vitest';
import {
  apartKeys,
  complexKeys,
  districtStatisticsKeys,
  favouriteKeys,
  selectionInfoKeys,
  topGuestListQuery,
  topKeys,
  topListQuery,
  topMapQuery,
  type TopListParams,
} from '@/entities/apartment';
import { areaListQuery, cityListQuery, metroListQuery } from '@/entities/city';
import { liraKeys, portraitsQuery, wishGroupsQuery } from '@/entities/lira-profile';
import { cabinetProfileQuery } from '@/entities/session';
import { QUERY_ROOT } from '@/shared/api';

const PARAMS: TopListParams = { cityIds: [7800000000000], priceTotalMinGte: 8_000_000, roomsCntForFilter: [1, 2] };

/** Every key a factory makes, with sample arguments: each entry of a factory, called where it is a function. */
function keysOf(factory: Record<string, unknown>): (readonly unknown[])[] {
  return Object.values(factory).map((entry) => {
    if (typeof entry !== 'function') return entry as readonly unknown[];
    const sample = [101, 7, [7800000000000], PARAMS].slice(0, entry.length);
    return (entry as (...args: unknown[]) => readonly unknown[])(...sample);
  });
}

const FACTORIES = {
  apartKeys,
  selectionInfoKeys,
  complexKeys,
  districtStatisticsKeys,
  topKeys,
  favouriteKeys,
  liraKeys,
  liraCatalog: { portraits: portraitsQuery().queryKey, wishGroups: wishGroupsQuery().queryKey },
  city: { list: cityListQuery().queryKey, areas: areaListQuery([1]).queryKey, metro: metroListQuery([1], true).queryKey },
  cabinet: { profile: cabinetProfileQuery(7).queryKey },
};

describe('query keys: each factory under a root of its own', () => {
  it('every key of a factory starts with the same root, one of QUERY_ROOT or its own', () => {
    for (const [name, factory] of Object.entries(FACTORIES)) {
      const roots = new Set(keysOf(factory).map((key) => key[0]));
      expect({ name, roots: [...roots] }).toEqual({ name, roots: [expect.any(String)] });
    }
  });

  it('no two factories share a root, so invalidating one never reaches another', () => {
    const rootOf = Object.entries(FACTORIES).map(([name, factory]) => [name, keysOf(factory)[0]![0]] as const);
    const roots = rootOf.map(([, root]) => root);
    expect(new Set(roots).size).toBe(roots.length);
    // The entity's lists and the apartment's page are apart: a reaction on the TOP reaches no apartment page.
    expect(topKeys.all[0]).not.toBe(apartKeys.all[0]);
    expect(Object.values(QUERY_ROOT)).toEqual(expect.arrayContaining([topKeys.all[0], favouriteKeys.all[0], apartKeys.all[0]]));
  });

  it("the TOP's keys are the user's (list, map and sidebar under one prefix); the guest TOP is nobody's", () => {
    const mine = topKeys.ofUser(7);
    for (const key of [topListQuery(7, PARAMS).queryKey, topMapQuery(7, PARAMS).queryKey, topKeys.sidebar(7, [1])]) {
      expect(key.slice(0, mine.length)).toEqual([...mine]);
    }
    expect(topGuestListQuery(PARAMS).queryKey.slice(0, mine.length)).not.toEqual([...mine]);
  });
});

describe("the TOP's parameters are the contract's list request", () => {
  it('a wrong type does not compile; the right ones pass through to the key as given', () => {
    const typed: TopListParams = { cityIds: [7800000000000], priceTotalMinGte: 9_000_000, realtyType: 'NEW' };
    expect(topListQuery(7, typed).queryKey).toEqual([...topKeys.ofUser(7), 'list', typed]);
    // @ts-expect-error a price is a number, not a string
    const wrongPrice: TopListParams = { cityIds: [7800000000000], priceTotalMinGte: 'oops' };
    // @ts-expect-error no such filter in the contract
    const unknownFilter: TopListParams = { cityIds: [7800000000000], priceFrom: 1 };
    // @ts-expect-error a city is required
    const noCity: TopListParams = { priceTotalMinGte: 1 };
    // @ts-expect-error realtyType is one of the contract's values
    const wrongKind: TopListParams = { cityIds: [7800000000000], realtyType: 'CASTLE' };
    expect([wrongPrice, unknownFilter, noCity, wrongKind]).toHaveLength(4);
  });
});
