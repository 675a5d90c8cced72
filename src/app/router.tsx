import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, type HydrationState, type RouteObject } from 'react-router';
import { NotFoundPage } from '@/pages/not-found';
import { ErrorPage } from '@/pages/error';
import { HomePage } from '@/pages/home';
import { ROUTES } from '@/shared/api';
import { RootLayout } from './ui/root-layout';
import { lazyPage, type LazyPage } from './ui/lazy-page';
import { RouteLoading, serviceDetailLoader, servicesLoader } from './loaders';

const AgentPage = lazyPage(
  'agent',
  () => import('@/pages/agent'),
  (m) => m.AgentPage,
);
const FavouritesPage = lazyPage(
  'favourites',
  () => import('@/pages/favourites'),
  (m) => m.FavouritesPage,
);
const ApartPage = lazyPage(
  'apart',
  () => import('@/pages/apart'),
  (m) => m.ApartPage,
);
const ServicesPage = lazyPage(
  'services',
  () => import('@/pages/services'),
  (m) => m.ServicesPage,
);
const ServiceDetailPage = lazyPage(
  'services-detail',
  () => import('@/pages/services-detail'),
  (m) => m.ServiceDetailPage,
);
const AnalyticsPage = lazyPage(
  'analytics',
  () => import('@/pages/analytics'),
  (m) => m.AnalyticsPage,
);
const AnalyticsDetailsPage = lazyPage(
  'analytics-details',
  () => import('@/pages/analytics-details'),
  (m) => m.AnalyticsDetailsPage,
);
const ExternalLinkPage = lazyPage(
  'external-link',
  () => import('@/pages/external-link'),
  (m) => m.ExternalLinkPage,
);

/** Paths relative to the root layout ('/'): the whole route table of spec §2. */
const rel = (path: string) => path.replace(/^\//, '');

/** What a route tells server rendering and hydration: the lazy page to load before rendering it. */
export interface RouteHandle {
  page?: LazyPage;
}

const page = (path: string, Page: LazyPage, extra: Partial<RouteObject> = {}): RouteObject => ({
  path: rel(path),
  element: <Page />,
  handle: { page: Page } satisfies RouteHandle,
  ...extra,
});

/** The route table, shared by the browser router and the server renderer. */
export function appRoutes(queryClient: QueryClient): RouteObject[] {
  return [
    {
      path: '/',
      element: <RootLayout />,
      errorElement: <ErrorPage />,
      children: [
        { index: true, element: <HomePage /> },
        page(ROUTES.AGENT, AgentPage),
        page(ROUTES.FAV, FavouritesPage),
        page(ROUTES.EXTERNAL_LINK, ExternalLinkPage),
        page(ROUTES.APART, ApartPage),
        page(ROUTES.SERVICES, ServicesPage, { loader: servicesLoader(queryClient), hydrateFallbackElement: <RouteLoading /> }),
        page(ROUTES.SERVICES_DETAIL, ServiceDetailPage, {
          loader: serviceDetailLoader(queryClient),
          hydrateFallbackElement: <RouteLoading />,
        }),
        page(ROUTES.ANALYTICS, AnalyticsPage),
        page(ROUTES.ANALYTICS_DETAILS, AnalyticsDetailsPage),
        { path: rel(ROUTES.NOT_FOUND), element: <NotFoundPage /> },
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ];
}

const pagesOf = (matches: readonly { route: RouteObject }[]) =>
  matches.flatMap(({ route }) => (route.handle as RouteHandle | undefined)?.page ?? []);

/** Loads the lazy pages of the routes a path matches, so they render at once (server rendering, hydration). */
export function preloadPages(matches: readonly { route: RouteObject }[]): Promise<unknown> {
  return Promise.all(pagesOf(matches).map((page) => page.preload()));
}

/** The source modules of those pages: the server links their chunks and stylesheets from the build's manifest. */
export function pageSources(matches: readonly { route: RouteObject }[]): string[] {
  return pagesOf(matches).map((page) => page.source);
}

/** The browser's router; `hydrationData` is what the server rendered with (its loaders then do not run again). */
export function createAppRouter(basename: string, queryClient: QueryClient, hydrationData?: HydrationState) {
  return createBrowserRouter(appRoutes(queryClient), { basename, hydrationData });
}
