import { describe, expect, it } from 'vitest';
import { QUERY_TIME, createQueryClient } from '@/shared/api';

describe('query defaults (spec §7, §9)', () => {
  it('keeps the spec numbers in one place', () => {
    expect(QUERY_TIME).toMatchObject({
      DEFAULT_STALE: 60_000,
      FOREVER: Infinity,
      PRESETS: 3_600_000,
      LIRA_LIST_POLL: 5_000,
      LIRA_MAP_POLL: 60_000,
      DAY: 86_400_000,
    });
  });

  it('creates a client with no refetch on focus and 60 s freshness', () => {
    const defaults = createQueryClient().getDefaultOptions().queries;
    expect(defaults?.refetchOnWindowFocus).toBe(false);
    expect(defaults?.staleTime).toBe(60_000);
  });
});
