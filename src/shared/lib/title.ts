import { PRODUCT_NAME } from '@kvarta/contract/routes';

export { PRODUCT_NAME };

/**
 * The browser title (spec §2): a page's custom title (optionally without the suffix), else '{title} | Кварта' with the
 * matched route's title from the route table, else the bare product name.
 */
export function buildTitle(routeTitle: string | null, custom?: { title: string; withSuffix?: boolean } | null): string {
  if (custom?.title) return custom.withSuffix === false ? custom.title : `${custom.title} | ${PRODUCT_NAME}`;
  return routeTitle ? `${routeTitle} | ${PRODUCT_NAME}` : PRODUCT_NAME;
}
