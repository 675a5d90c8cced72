import { isConsentPurpose } from '@kvarta/contract/consents';
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
import { operatorQuery } from '@/entities/operator';
import { presetsQuery } from '@/entities/preset';
import { findService, servicesQuery } from '@/entities/service';
import { profileFromPreset } from '@/entities/top-profile';
import { ROUTES, isConnectionError, type City, type RouteName, type ServicesResponse } from '@/shared/api';
import type { ApartRouteData } from '@/pages/apart';
import type { ComplexRouteData } from '@/pages/complex';

/**
 * Where the loaders run. On the server they fill the query cache with everything the page is rendered with, for a
 * visitor the server knows nothing about (the default city, no history), and the render waits for it. In the browser a
 * navigation waits for the guards and the page's chunk: a guard is what the page relies on (an apartment's or a
 * complex's existence — their own data, one request), the rest is asked for alongside and the page shows its own
 * loading state for it (a slow answer must not hold the tap that navigated longer than the guard needs).
 */
export type LoaderSide = 'server' | 'browser';

interface LoaderArgs {
  params: Readonly<Record<string, string | undefined>>;
}

/**
 * Fills the query cache for a page and returns what the page may rely on (null when it relies on nothing), or the
 * redirect where a guard sends the visitor elsewhere (an unknown apartment or complex: /404).
 */
type PageLoader = (args: LoaderArgs) => Promise<unknown>;

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
    APART: ({ params }) => loadApart(queryClient, side, params.cityLink, params.apartId),
    COMPLEX: ({ params }) => loadComplex(queryClient, params.cityLink, params.complexId),
    ANALYTICS: () => fill(queryClient.ensureQueryData(cityListQuery())),
    // A consent's text is in the code: an unknown purpose is a 404.
    CONSENT: async ({ params }) => (isConsentPurpose(params.purpose) ? null : redirect(ROUTES.NOT_FOUND)),
    // The operator's name and contacts are part of the rules: in the server's HTML, not filled in later.
    RECOMMENDATION_RULES: () => fill(queryClient.ensureQueryData(operatorQuery())),
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

/** A positive integer id from the URL, or null ('12abc', '-1', '1.5' and huge numbers are not ids). */
export function parseId(raw: string | undefined): number | null {
  if (!raw || !/^\d{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}

/** Nothing by that name: the loader answers /404 and the page is never drawn. */
class NotFound extends Error {}

/**
 * The city by its link and what the page is about, or the redirect to /404 (the page is never drawn for them). Only
 * the server not answering at all opens the page, which says so with «Повторить» (it says nothing of the apartment).
 */
async function guard<T>(
  queryClient: QueryClient,
  cityLink: string | undefined,
  rawId: string | undefined,
  load: (id: number, city: City) => Promise<T>,
): Promise<{ id: number; city: City; data: T } | { kind: 'offline' } | Response> {
  const id = parseId(rawId);
  if (!cityLink || id === null) return redirect(ROUTES.NOT_FOUND);
  try {
    const city = (await queryClient.ensureQueryData(cityListQuery())).find((c) => c.link === cityLink);
    if (!city) throw new NotFound();
    return { id, city, data: await load(id, city) };
  } catch (error) {
    // An answer of the server (404, a refused id, a complex of another city): no such page.
    return isConnectionError(error) ? { kind: 'offline' } : redirect(ROUTES.NOT_FOUND);
  }
}

async function loadApart(
  queryClient: QueryClient,
  side: LoaderSide,
  cityLink: string | undefined,
  rawId: string | undefined,
): Promise<ApartRouteData | Response> {
  const found = await guard(queryClient, cityLink, rawId, (id, city) => queryClient.ensureQueryData(apartDetailQuery(id, city.cityIds)));
  if (found instanceof Response || 'kind' in found) return found;
  const { id, city, data: apartment } = found;
  // What the page shows above its related rows: the server renders with it; the browser asks alongside. The adverts
  // (with their full texts) and the related rows are asked for by the browser as they come near the screen.
  const above = Promise.allSettled([
    queryClient.ensureQueryData(complexPropertiesQuery(apartment.complex.id)),
    queryClient.ensureQueryData(infrastructureQuery(apartment.complex.id)),
    queryClient.ensureQueryData(houseSummaryQuery(apartment.house.id)),
    queryClient.ensureQueryData(districtStatisticsQuery(city.cityIds, apartment.complexCard.areaId)),
  ]);
  if (side === 'server') await above;
  return { kind: 'apartment', id, city };
}

/** A complex's page: the complex, of this city. */
async function loadComplex(
  queryClient: QueryClient,
  cityLink: string | undefined,
  rawId: string | undefined,
): Promise<ComplexRouteData | Response> {
  const found = await guard(queryClient, cityLink, rawId, async (id, city) => {
    const page = await queryClient.ensureQueryData(complexPageQuery(id));
    if (!city.cityIds.includes(page.cityId)) throw new NotFound();
    return page;
  });
  return found instanceof Response || 'kind' in found ? found : { kind: 'complex', id: found.id, city: found.city };
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
