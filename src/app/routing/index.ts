export { appRoutes, pageSource, CATCH_ALL_ROUTE_ID, type PageHandle } from './routes';
export { resolveInitialLazy } from './initial-lazy';
