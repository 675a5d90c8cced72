import { Component, useSyncExternalStore, type ComponentType, type ReactNode } from 'react';
import { OutletContext, RouteErrorContext, RouterContext, RouterStateContext } from './context';
import type { Router } from './router';

interface BoundaryProps {
  /** A new location clears the error: the user can navigate away from the error page. */
  locationKey: string;
  error: unknown;
  fallback: ComponentType;
  children: ReactNode;
}

interface BoundaryState {
  caught: { error: unknown } | null;
  locationKey: string;
}

/** A render error anywhere under the layout (or a guard's throw) shows the error page instead of a blank screen. */
class RouteErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { caught: null, locationKey: this.props.locationKey };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { caught: { error } };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.locationKey === state.locationKey ? null : { caught: null, locationKey: props.locationKey };
  }

  override render() {
    const caught = this.state.caught ?? (this.props.error ? { error: this.props.error } : null);
    if (!caught) return this.props.children;
    const Fallback = this.props.fallback;
    return (
      <RouteErrorContext.Provider value={caught.error}>
        <Fallback />
      </RouteErrorContext.Provider>
    );
  }
}

export interface RouterProviderProps {
  router: Router;
  /** Renders around the matched page, which it places with <Outlet />. */
  layout: ReactNode;
  /** The error page: reads the error with useRouteError(). Without one, errors propagate (component tests). */
  errorPage?: ComponentType;
}

/** Renders the layout with the current route's page and follows the router's navigations. */
export function RouterProvider({ router, layout, errorPage }: RouterProviderProps) {
  const state = useSyncExternalStore(router.subscribe, router.state, router.state);
  const page = <OutletContext.Provider value={state.match?.route.element ?? null}>{layout}</OutletContext.Provider>;
  return (
    <RouterContext.Provider value={router}>
      <RouterStateContext.Provider value={state}>
        {errorPage ? (
          <RouteErrorBoundary locationKey={state.location.key} error={state.error} fallback={errorPage}>
            {page}
          </RouteErrorBoundary>
        ) : (
          page
        )}
      </RouterStateContext.Provider>
    </RouterContext.Provider>
  );
}
