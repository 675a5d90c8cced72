import type { QueryClient } from '@tanstack/react-query';
import { redirect } from 'react-router-dom';
import { DEFAULT_CITY_KLADR } from '@kvarta/contract';
import {
  apartDetailQuery,
  complexPageQuery,
  complexPropertiesQuery,
  districtStatisticsQuery,
  houseSummaryQuery,
  infrastructureQuery,
  topGuestListQuery,
} from '@/entities/apartment';
import { areaListQuery, cityListQuery, metroListQuery } from '@/entities/city';
import { mortgageProgramsQuery } from '@/entities/mortgage';
import { presetsQuery } from '@/entities/preset';
import { findService, servicesQuery } from '@/entities/service';
import { profileFromPreset } from '@/entities/top-profile';
import { ROUTES, isConnectionError, type RouteName, type ServicesResponse } from '@/shared/api';

/**
 * Where the loaders run. On the server they fill the query cache with everything the page is rendered with, for a
 * visitor the server knows nothing about (the default city, no history), and the render waits for it. In the browser a
 * navigation waits only for the guards and the page's chunk: the data is asked for alongside, and the page shows its
 * own loading state while it comes (a slow answer must not hold the tap that navigated).
 */
export type LoaderSide = 'server' | 'browser';

interface LoaderArgs {
  params: Readonly<Record<string, string | undefined>>;
}

/** Fills the query cache for a page and returns nothing, or the redirect where a guard sends the visitor elsewhere. */
type PageLoader = (args: LoaderArgs) => Promise<null | Response>;

/**
 * Personal parts (reactions, the AI index, the visitor's own TOP) are not here: they fill in after hydration. A failed
 * fetch leaves that part in its loading state, as in the browser. The queries go into the cache under the same keys the
 * pages read, so the browser finds them there (hydrated from the server's dehydrated cache) and does not ask again.
 */
export function pageLoaders(queryClient: QueryClient, side: LoaderSide): Partial<Record<RouteName, PageLoader>> {
  const fill = (work: Promise<unknown>): Promise<null> => {
    const settled = work.then(
      () => null,
      () => null,
    );
    return side === 'server' ? settled : Promise.resolve(null);
  };
  return {
    HOME: () => fill(side === 'server' ? loadTop(queryClient) : queryClient.ensureQueryData(cityListQuery())),
    APART: ({ params }) => fill(loadApart(queryClient, params.cityLink, params.apartId)),
    COMPLEX: ({ params }) => fill(loadComplex(queryClient, params.complexId)),
    ANALYTICS: () => fill(queryClient.ensureQueryData(cityListQuery())),
    SERVICES: async () => {
      return (await loadServices(queryClient)) ? null : redirect(ROUTES.NOT_FOUND);
    },
    SERVICES_DETAIL: async ({ params }) => {
      const data = await loadServices(queryClient);
      if (data === 'offline') return null;
      if (data && params.serviceSlug && findService(data.services, params.serviceSlug)) return null;
      return redirect(ROUTES.NOT_FOUND);
    },
  };
}

/** The city list and the first city's presets: what the TOP's chips are drawn from. */
function loadPresets(queryClient: QueryClient) {
  return Promise.all([
    queryClient.ensureQueryData(cityListQuery()),
    queryClient.ensureQueryData(presetsQuery('FREE_TOP', DEFAULT_CITY_KLADR)),
  ]);
}

async function loadTop(queryClient: QueryClient): Promise<void> {
  const kladr = DEFAULT_CITY_KLADR;
  const [cities, presets] = await loadPresets(queryClient);
  const first = presets[0];
  if (!first) return;
  const params = profileFromPreset(first, undefined);
  const hasMetro = cities.find((c) => c.kladr === kladr)?.hasMetro ?? false;
  // District and station names appear only when the preset picks some ("Все районы и метро" otherwise): the lists
  // are large, so they travel with the page only when the summary needs them.
  const picksPlaces = (params.areaIds?.length ?? 0) > 0 || (params.metroIds?.length ?? 0) > 0;
  await Promise.allSettled([
    queryClient.ensureQueryData(topGuestListQuery(params)),
    // Each card's payment line: rendered here, or a card would hydrate with the line the server left out, once the
    // programmes arrive before its island hydrates — a mismatch React answers by drawing the card again.
    queryClient.ensureQueryData(mortgageProgramsQuery()),
    picksPlaces ? queryClient.ensureQueryData(areaListQuery([kladr])) : null,
    picksPlaces ? queryClient.ensureQueryData(metroListQuery([kladr], hasMetro)) : null,
  ]);
}

/** An apartment id is digits (at most 10); anything else names no apartment, and the page says so. */
const APART_ID = /^\d{1,10}$/;

async function loadApart(queryClient: QueryClient, cityLink: string | undefined, rawId: string | undefined): Promise<void> {
  if (!cityLink || !rawId || !APART_ID.test(rawId)) return;
  const city = (await queryClient.ensureQueryData(cityListQuery())).find((c) => c.link === cityLink);
  if (!city) return;
  const apartment = await queryClient.ensureQueryData(apartDetailQuery(Number(rawId), city.cityIds)).catch(() => null);
  if (!apartment) return;
  // What the page shows above its related rows. The adverts (with their full texts) and the related rows are asked for
  // by the browser as they come near the screen.
  await Promise.allSettled([
    queryClient.ensureQueryData(complexPropertiesQuery(apartment.complex.id)),
    queryClient.ensureQueryData(infrastructureQuery(apartment.complex.id)),
    queryClient.ensureQueryData(houseSummaryQuery(apartment.house.id)),
    queryClient.ensureQueryData(districtStatisticsQuery(city.cityIds, apartment.complexCard.areaId)),
  ]);
}

/** A complex's page: the city list and the complex, everything the page draws at once. */
async function loadComplex(queryClient: QueryClient, rawId: string | undefined): Promise<void> {
  if (!rawId || !APART_ID.test(rawId)) return;
  await Promise.allSettled([queryClient.ensureQueryData(cityListQuery()), queryClient.ensureQueryData(complexPageQuery(Number(rawId)))]);
}

/**
 * Spec §2 SERVICES: the data is loaded before the page; a failed fetch sends the user to NOT_FOUND — unless the server
 * did not answer at all ('offline'): then the page opens and says so, with «Повторить».
 */
async function loadServices(queryClient: QueryClient): Promise<ServicesResponse | 'offline' | null> {
  try {
    return await queryClient.ensureQueryData(servicesQuery());
  } catch (error) {
    return isConnectionError(error) ? 'offline' : null;
  }
}
