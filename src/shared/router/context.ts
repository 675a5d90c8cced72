import { createContext, useContext, type ReactNode } from 'react';
import type { Router, RouterState } from './router';

export const RouterContext = createContext<Router | null>(null);
export const RouterStateContext = createContext<RouterState | null>(null);
/** What the layout's <Outlet /> renders: the matched page. */
export const OutletContext = createContext<ReactNode>(null);
/** The error the error page shows: a render error under the layout or a guard's throw. */
export const RouteErrorContext = createContext<unknown>(undefined);

export function useRouter(): Router {
  const router = useContext(RouterContext);
  if (!router) throw new Error('useRouter: no <RouterProvider> above this component');
  return router;
}

export function useRouterState(): RouterState {
  const state = useContext(RouterStateContext);
  if (!state) throw new Error('useRouterState: no <RouterProvider> above this component');
  return state;
}
