import { useCallback, useContext, useMemo } from 'react';
import { RouteErrorContext, useRouter, useRouterState } from './context';
import type { AppLocation } from './history';
import type { NavigateOptions } from './router';

export function useLocation(): AppLocation {
  return useRouterState().location;
}

export function useParams(): Readonly<Record<string, string | undefined>> {
  return useRouterState().match?.params ?? {};
}

export type NavigateFunction = (to: string | number, options?: NavigateOptions) => void;

/** Navigation from an event handler or effect; nobody waits for it (it settles when the next page is ready). */
export function useNavigate(): NavigateFunction {
  const router = useRouter();
  return useCallback((to, options) => void router.navigate(to, options), [router]);
}

export type SetSearchParams = (next: URLSearchParams, options?: NavigateOptions) => void;

/** The query string as URLSearchParams, and a setter that keeps the path and navigates to the new query. */
export function useSearchParams(): [URLSearchParams, SetSearchParams] {
  const router = useRouter();
  const { search } = useLocation();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const set = useCallback<SetSearchParams>(
    (next, options) => {
      const { pathname, hash } = router.state().location;
      const query = next.toString();
      void router.navigate(`${pathname}${query ? `?${query}` : ''}${hash}`, options);
    },
    [router],
  );
  return [params, set];
}

/** The error the error page shows (see RouterProvider). */
export function useRouteError(): unknown {
  return useContext(RouteErrorContext);
}

/** Whether the history entry before this one is still inside the app (Telegram's BackButton goes back, else home). */
export function useCanGoBack(): () => boolean {
  const router = useRouter();
  return useCallback(() => router.history.index() > 0, [router]);
}
