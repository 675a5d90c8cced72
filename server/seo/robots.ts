import { API_BASES } from '@kvarta/contract';
import { ROUTES } from '@kvarta/contract/routes';
import { PERSONAL_ROUTES } from './page-meta';

/**
 * robots.txt: the public pages are open, in the Mini App's copy too (the same content, no canonical link there);
 * the APIs, the development tools and the sign-in-dependent pages are not. Pictures under /api/media/ stay open:
 * the JSON-LD of an apartment points at them (the longest matching rule wins, in Google and Yandex alike).
 */
export function robotsTxt(origin: string | null): string {
  const closed = [
    ...Object.values(API_BASES).map((base) => `${base}/`),
    '/dev/',
    ...PERSONAL_ROUTES.flatMap((name) => [ROUTES[name], `/tma${ROUTES[name]}`]),
    ROUTES.NOT_FOUND,
  ];
  const lines = [
    'User-agent: *',
    'Allow: /',
    `Allow: ${API_BASES.main}/media/`,
    ...[...new Set(closed)].map((path) => `Disallow: ${path}`),
  ];
  if (origin) lines.push('', `Sitemap: ${origin}/sitemap.xml`);
  return `${lines.join('\n')}\n`;
}
