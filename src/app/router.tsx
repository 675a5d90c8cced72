import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter } from 'react-router';
import { NotFoundPage } from '@/pages/not-found';
import { ErrorPage } from '@/pages/error';
import { HomePage } from '@/pages/home';
import { ROUTES } from '@/shared/api';
import { RootLayout } from './ui/root-layout';
import { lazyPage } from './ui/lazy-page';
import { RouteLoading, serviceDetailLoader, servicesLoader } from './loaders';

const AgentPage = lazyPage(
  () => import('@/pages/agent'),
  (m) => m.AgentPage,
);
const FavouritesPage = lazyPage(
  () => import('@/pages/favourites'),
  (m) => m.FavouritesPage,
);
const ApartPage = lazyPage(
  () => import('@/pages/apart'),
  (m) => m.ApartPage,
);
const ServicesPage = lazyPage(
  () => import('@/pages/services'),
  (m) => m.ServicesPage,
);
const ServiceDetailPage = lazyPage(
  () => import('@/pages/services-detail'),
  (m) => m.ServiceDetailPage,
);
const AnalyticsPage = lazyPage(
  () => import('@/pages/analytics'),
  (m) => m.AnalyticsPage,
);
const AnalyticsDetailsPage = lazyPage(
  () => import('@/pages/analytics-details'),
  (m) => m.AnalyticsDetailsPage,
);
const ExternalLinkPage = lazyPage(
  () => import('@/pages/external-link'),
  (m) => m.ExternalLinkPage,
);

/** Paths relative to the root layout ('/'): the whole route table of spec §2. */
const rel = (path: string) => path.replace(/^\//, '');

export function createAppRouter(basename: string, queryClient: QueryClient) {
  return createBrowserRouter(
    [
      {
        path: '/',
        element: <RootLayout />,
        errorElement: <ErrorPage />,
        children: [
          { index: true, element: <HomePage /> },
          { path: rel(ROUTES.AGENT), element: <AgentPage /> },
          { path: rel(ROUTES.FAV), element: <FavouritesPage /> },
          { path: rel(ROUTES.EXTERNAL_LINK), element: <ExternalLinkPage /> },
          { path: rel(ROUTES.APART), element: <ApartPage /> },
          {
            path: rel(ROUTES.SERVICES),
            element: <ServicesPage />,
            loader: servicesLoader(queryClient),
            hydrateFallbackElement: <RouteLoading />,
          },
          {
            path: rel(ROUTES.SERVICES_DETAIL),
            element: <ServiceDetailPage />,
            loader: serviceDetailLoader(queryClient),
            hydrateFallbackElement: <RouteLoading />,
          },
          { path: rel(ROUTES.ANALYTICS), element: <AnalyticsPage /> },
          { path: rel(ROUTES.ANALYTICS_DETAILS), element: <AnalyticsDetailsPage /> },
          { path: rel(ROUTES.NOT_FOUND), element: <NotFoundPage /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
    { basename },
  );
}
