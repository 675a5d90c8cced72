import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import type { RouteObject, ShouldRevalidateFunction } from 'react-router-dom';
import { CATCH_ALL_PATH, PAGE_BY_NAME, PAGE_ROUTES, type PageRoute, type RouteName } from '@kvarta/contract/routes';
import { ErrorPage } from '@/pages/error';
import { TopPage } from '@/pages/top';
import { PageCommitted } from '../ui/page-committed';
import { RootLayout } from '../ui/root-layout';
import { lazyPage, type LazyPage } from './lazy-page';
import { pageLoaders, type LoaderSide } from './loaders';

/**
 * What each page of the contract's table (contract/routes.ts) renders. TOP is the first screen of most visits, so its
 * code is in the entry; every other page loads on demand (and the server renders it too, linking its chunk).
 */
const PAGES: Record<RouteName, { Component: ComponentType } | LazyPage> = {
  HOME: { Component: TopPage },
  AGENT: lazyPage('lira', () => import('@/pages/lira'), 'LiraPage'),
  FAV: lazyPage('favourites', () => import('@/pages/favourites'), 'FavouritesPage'),
  EXTERNAL_LINK: lazyPage('external-link', () => import('@/pages/external-link'), 'ExternalLinkPage'),
  MY_DATA: lazyPage('my-data', () => import('@/pages/my-data'), 'MyDataPage'),
  APART: lazyPage('apart', () => import('@/pages/apart'), 'ApartPage'),
  COMPLEX: lazyPage('complex', () => import('@/pages/complex'), 'ComplexPage'),
  COMPARE: lazyPage('compare', () => import('@/pages/compare'), 'ComparePage'),
  SERVICES: lazyPage('services', () => import('@/pages/services'), 'ServicesPage'),
  SERVICES_DETAIL: lazyPage('services-detail', () => import('@/pages/services-detail'), 'ServiceDetailPage'),
  ANALYTICS: lazyPage('analytics', () => import('@/pages/analytics'), 'AnalyticsPage'),
  ANALYTICS_DETAILS: lazyPage('analytics-details', () => import('@/pages/analytics-details'), 'AnalyticsDetailsPage'),
  CONSENT: lazyPage('consent', () => import('@/pages/consent'), 'ConsentPage'),
  RECOMMENDATION_RULES: lazyPage('recommendation-rules', () => import('@/pages/recommendation-rules'), 'RecommendationRulesPage'),
  // Rarely seen, so not part of the first screen's code.
  NOT_FOUND: lazyPage('not-found', () => import('@/pages/not-found'), 'NotFoundPage'),
};

/** What a route carries in `handle`: its row of the contract's table (title, layout, server rendering). */
export interface PageHandle {
  page: PageRoute;
}

/** The id of the route that catches every unmatched path (NOT_FOUND's page, the HTTP 404 of the server). */
export const CATCH_ALL_ROUTE_ID = 'CATCH_ALL';
const ROOT_ROUTE_ID = 'root';

/**
 * A loader runs again for a new path, or when a page asks for it (the same address: «Повторить» on a page whose
 * loader found the server silent revalidates); a new query string alone (a drawer, a filter) does not call it.
 */
const onPathChange: ShouldRevalidateFunction = ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
  (currentUrl.pathname !== nextUrl.pathname || currentUrl.href === nextUrl.href) && defaultShouldRevalidate;

/** The error page replaces the whole layout: it signals its own commit. */
function ErrorPageCommitted() {
  return (
    <>
      <ErrorPage />
      <PageCommitted />
    </>
  );
}

function pageRoute(page: PageRoute, id: string, path: string, loaders: ReturnType<typeof pageLoaders>): RouteObject {
  const shown = PAGES[page.name];
  const loader = loaders[page.name];
  const handle: PageHandle = { page };
  return {
    id,
    path,
    handle,
    ...('lazy' in shown ? { lazy: shown.lazy } : { Component: shown.Component }),
    ...(loader ? { loader: ({ params }) => loader({ params }), shouldRevalidate: onPathChange } : {}),
  };
}

/**
 * The data router's table: the root layout around one route per page of the contract's table, and the catch-all for
 * any other path; a render error or a loader's throw shows the error page of spec §2. The same table serves the browser
 * (createBrowserRouter) and the server renderer (createStaticHandler); `side` picks how the loaders wait (loaders.ts).
 */
export function appRoutes(queryClient: QueryClient, side: LoaderSide): RouteObject[] {
  const loaders = pageLoaders(queryClient, side);
  return [
    {
      id: ROOT_ROUTE_ID,
      element: <RootLayout />,
      errorElement: <ErrorPageCommitted />,
      children: [
        ...PAGE_ROUTES.map((page) => pageRoute(page, page.name, page.path, loaders)),
        pageRoute(PAGE_BY_NAME.NOT_FOUND, CATCH_ALL_ROUTE_ID, CATCH_ALL_PATH, loaders),
      ],
    },
  ];
}

/** The source module of a matched route's lazy page (by route id): the server links its chunk and stylesheets. */
export function pageSource(routeId: string): string | null {
  const name: RouteName | null = routeId === CATCH_ALL_ROUTE_ID ? 'NOT_FOUND' : routeId in PAGES ? (routeId as RouteName) : null;
  const shown = name ? PAGES[name] : null;
  return shown && 'source' in shown ? shown.source : null;
}
