import type { QueryClient } from '@tanstack/react-query';
import { DEFAULT_CITY_KLADR } from '@kvarta/contract';
import {
  apartDetailQuery,
  complexPropertiesQuery,
  districtStatisticsQuery,
  houseSummaryQuery,
  infrastructureQuery,
  topGuestListQuery,
} from '@/entities/apartment';
import { areaListQuery, cityListQuery, metroListQuery } from '@/entities/city';
import { presetsQuery } from '@/entities/preset';
import { profileFromPreset } from '@/entities/top-profile';
import { matchRoute } from '@/shared/api';

/**
 * The data each public page is rendered with on the server, for a visitor the server knows nothing about (the default
 * city, no history). It goes into the query cache under the same keys the pages read, so the browser finds it there and
 * does not ask again. Personal parts (reactions, the AI index, the visitor's own TOP) are not here: they fill in after
 * hydration. A failed prefetch leaves that part in its loading state, as in the browser.
 */
export async function prefetchPublicPage(queryClient: QueryClient, pathname: string): Promise<void> {
  const route = matchRoute(pathname);
  if (route === 'HOME') await prefetchTop(queryClient);
  else if (route === 'APART') await prefetchApart(queryClient, pathname);
  else if (route === 'ANALYTICS') await queryClient.prefetchQuery(cityListQuery());
}

async function prefetchTop(queryClient: QueryClient): Promise<void> {
  const kladr = DEFAULT_CITY_KLADR;
  const [cities, presets] = await Promise.all([
    queryClient.fetchQuery(cityListQuery()),
    queryClient.fetchQuery(presetsQuery('FREE_TOP', kladr)),
  ]);
  const first = presets[0];
  if (!first) return;
  const params = profileFromPreset(first, undefined);
  const hasMetro = cities.find((c) => c.kladr === kladr)?.hasMetro ?? false;
  // District and station names appear only when the preset picks some ("Все районы и метро" otherwise): the lists
  // are large, so they travel with the page only when the summary needs them.
  const picksPlaces = (params.areaIds?.length ?? 0) > 0 || (params.metroIds?.length ?? 0) > 0;
  await Promise.all([
    queryClient.prefetchQuery(topGuestListQuery(params)),
    picksPlaces ? queryClient.prefetchQuery(areaListQuery([kladr])) : null,
    picksPlaces ? queryClient.prefetchQuery(metroListQuery([kladr], hasMetro)) : null,
  ]);
}

const APART_PATH = /^\/([^/]+)\/apart\/(\d{1,10})\/?$/;

async function prefetchApart(queryClient: QueryClient, pathname: string): Promise<void> {
  const [, cityLink, rawId] = APART_PATH.exec(pathname) ?? [];
  if (!cityLink || !rawId) return;
  const city = (await queryClient.fetchQuery(cityListQuery())).find((c) => c.link === cityLink);
  if (!city) return;
  const id = Number(rawId);
  const apartment = await queryClient.fetchQuery(apartDetailQuery(id, city.cityIds)).catch(() => null);
  if (!apartment) return;
  // What the page shows above its related rows. The adverts (with their full texts) and the related rows are asked for
  // by the browser as they come near the screen.
  await Promise.all([
    queryClient.prefetchQuery(complexPropertiesQuery(apartment.complex.id)),
    queryClient.prefetchQuery(infrastructureQuery(apartment.complex.id)),
    queryClient.prefetchQuery(houseSummaryQuery(apartment.house.id)),
    queryClient.prefetchQuery(districtStatisticsQuery(city.cityIds, apartment.complexCard.areaId)),
  ]);
}
