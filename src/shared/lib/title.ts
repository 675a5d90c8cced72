import { PRODUCT_NAME, ROUTES, ROUTE_TITLES, type RouteName } from '@kvarta/contract/routes';

export { PRODUCT_NAME };

/** Routes whose title is matched by path prefix rather than exactly (spec §2 route table). */
const PREFIX_ROUTES: RouteName[] = ['SERVICES', 'ANALYTICS_DETAILS', 'ANALYTICS', 'AGENT', 'FAV', 'EXTERNAL_LINK', 'NOT_FOUND'];

function titleFor(pathname: string): string | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  for (const name of Object.keys(ROUTES) as RouteName[]) {
    const pattern = ROUTES[name];
    if (!pattern.includes(':') && pattern === path) return ROUTE_TITLES[name];
  }
  if (/^\/[^/]+\/apart\/[^/]+$/.test(path)) return ROUTE_TITLES.APART;
  for (const name of PREFIX_ROUTES) {
    const pattern = ROUTES[name];
    if (path.startsWith(`${pattern}/`)) return ROUTE_TITLES[name];
  }
  return null;
}

/**
 * The browser title: '{title} | Кварта' by exact path or prefix; a page's custom title
 * (optionally without the suffix); the bare product name when nothing matches.
 */
export function buildTitle(pathname: string, custom?: { title: string; withSuffix?: boolean } | null): string {
  if (custom?.title) return custom.withSuffix === false ? custom.title : `${custom.title} | ${PRODUCT_NAME}`;
  const title = titleFor(pathname);
  return title ? `${title} | ${PRODUCT_NAME}` : PRODUCT_NAME;
}
