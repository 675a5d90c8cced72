import type { Platform } from '@platform';
import type { Scope } from 'effector';
import { $userId } from '@/entities/session';
import { ROUTES, api, matchRoute, type RouteName } from '@/shared/api';
import { outsideServices } from '@/shared/outside';
import { startErrorReports } from './errors';
import { startVitals } from './vitals';

/** The page-table name of the address the browser shows (the Mini App's `/tma` prefix taken off). */
function currentPage(): RouteName {
  const base = import.meta.env.BASE_URL.replace(/\/$/, '');
  const path = window.location.pathname.startsWith(`${base}/`) ? window.location.pathname.slice(base.length) : window.location.pathname;
  return matchRoute(path || '/') ?? 'NOT_FOUND';
}

/** Error reports (only with a DSN from the server) and real-user speed, once the first page is on screen. */
export function startTelemetry(platform: Platform, scope: Scope): void {
  const { surface, vitalPlatform } = platform.telemetry;
  startErrorReports(outsideServices().errors, {
    surface,
    route: () => ROUTES[currentPage()],
    userId: () => scope.getState($userId),
  });
  startVitals({
    page: currentPage(),
    surface,
    platform: vitalPlatform(),
    send: (body) => api.beacon('vitalsReport', body),
  });
}
