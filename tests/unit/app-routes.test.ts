import { existsSync } from 'node:fs';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { appRoutes, pageSources } from '@/app/router';

describe('the route table as server rendering reads it', () => {
  it('every lazy page names its real source module (the build manifest is looked up by it)', () => {
    const routes = appRoutes(new QueryClient());
    const paths = [
      '/agent',
      '/favourites',
      '/external-link',
      '/spb/apart/1',
      '/services',
      '/services/x',
      '/analytics',
      '/analytics-details',
    ];
    const sources = paths.flatMap((path) => pageSources(routes, path));
    expect(sources.length).toBeGreaterThanOrEqual(8);
    for (const source of sources) expect(existsSync(source), source).toBe(true);
  });
});
