export { createRouter, findRoute } from './router';
export type { Router, RouteDefinition } from './router';
export { createBrowserHistory, createMemoryHistory } from './history';
export type { RouterHistory } from './history';
export { RouterProvider } from './provider';
export { MemoryRouter } from './memory-router';
export { Link, NavLink, Navigate, Outlet } from './components';
export { useLocation, useNavigate, useParams, useSearchParams, useRouteError, useCanGoBack } from './hooks';
