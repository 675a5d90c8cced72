import type { QueryClient } from '@tanstack/react-query';
import { ErrorPage } from '@/pages/error';
import { HomePage } from '@/pages/home';
import { ROUTES } from '@/shared/api';
import { createRouter, findRoute, RouterProvider, type RouteDefinition, type Router, type RouterHistory } from '@/shared/router';
import { RootLayout } from './ui/root-layout';
import { PageCommitted, PageCommittedContext } from './ui/page-committed';
import { lazyPage, type LazyPage } from './ui/lazy-page';
import { serviceDetailGuard, servicesGuard } from './guards';

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
// Rarely seen, so not part of the first screen's code: it loads like any other page (the server renders it too).
const NotFoundPage = lazyPage(
  'not-found',
  () => import('@/pages/not-found'),
  (m) => m.NotFoundPage,
);
const ExternalLinkPage = lazyPage(
  'external-link',
  () => import('@/pages/external-link'),
  (m) => m.ExternalLinkPage,
);

/** A route whose page loads on demand; navigation waits for its chunk (and its guard) before showing it. */
const page = (path: string, Page: LazyPage, guard?: RouteDefinition['guard']): RouteDefinition => ({
  path,
  element: <Page />,
  page: Page,
  guard,
});

/** The whole route table of spec §2, shared by the browser and the server renderer; all render in the root layout. */
export function appRoutes(queryClient: QueryClient): RouteDefinition[] {
  return [
    { path: ROUTES.HOME, element: <HomePage /> },
    page(ROUTES.AGENT, AgentPage),
    page(ROUTES.FAV, FavouritesPage),
    page(ROUTES.EXTERNAL_LINK, ExternalLinkPage),
    page(ROUTES.APART, ApartPage),
    page(ROUTES.SERVICES, ServicesPage, servicesGuard(queryClient)),
    page(ROUTES.SERVICES_DETAIL, ServiceDetailPage, serviceDetailGuard(queryClient)),
    page(ROUTES.ANALYTICS, AnalyticsPage),
    page(ROUTES.ANALYTICS_DETAILS, AnalyticsDetailsPage),
    page(ROUTES.NOT_FOUND, NotFoundPage),
    page('*', NotFoundPage),
  ];
}

/** The source module of a path's lazy page: the server links its chunk and stylesheets from the build's manifest. */
export function pageSources(routes: readonly RouteDefinition[], pathname: string): string[] {
  const page = findRoute(routes, pathname)?.route.page;
  return page && 'source' in page ? [(page as LazyPage).source] : [];
}

export function createAppRouter(queryClient: QueryClient, history: RouterHistory) {
  return createRouter(appRoutes(queryClient), history);
}

/** The app as the router renders it: the root layout around the page, the error page of spec §2 for what fails. */
/** The error page replaces the whole layout: it signals its own commit. */
function ErrorPageCommitted() {
  return (
    <>
      <ErrorPage />
      <PageCommitted />
    </>
  );
}

/** `onPageCommitted` runs once the page has been committed (for a server-rendered page: once it has hydrated). */
export function AppRouter({ router, onPageCommitted }: { router: Router; onPageCommitted?: () => void }) {
  return (
    <PageCommittedContext.Provider value={onPageCommitted}>
      <RouterProvider router={router} layout={<RootLayout />} errorPage={ErrorPageCommitted} />
    </PageCommittedContext.Provider>
  );
}
