import { ROUTES } from '@kvarta/contract/routes';
import { SERVICES } from '../catalog/content';
import { escapeXml } from './escape';
import { apartmentPath, servicePath } from './page-meta';

/** The protocol's limit per file (sitemaps.org): past it the apartments go on in the next file. */
export const SITEMAP_MAX_URLS = 50_000;

export interface SitemapUrl {
  path: string;
  /** Unix milliseconds. */
  lastmod?: number;
}

/** What a set of sitemaps is built from: the site paths, apart from the origin. */
export interface SitemapSource {
  staticPaths: SitemapUrl[];
  apartments: SitemapUrl[];
}

/** The built files by name: sitemap.xml (the index), sitemap-static.xml, sitemap-apartments-1.xml, … */
export type SitemapFiles = Map<string, string>;

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

function urlSet(origin: string, urls: SitemapUrl[]): string {
  const lines = urls.map(
    (u) => `<url><loc>${escapeXml(origin + u.path)}</loc>${u.lastmod !== undefined ? `<lastmod>${day(u.lastmod)}</lastmod>` : ''}</url>`,
  );
  return `${XML_HEAD}<urlset xmlns="${NS}">\n${lines.join('\n')}\n</urlset>\n`;
}

const latest = (urls: SitemapUrl[]) =>
  urls.reduce<number | undefined>(
    (max, u) => (u.lastmod !== undefined && (max === undefined || u.lastmod > max) ? u.lastmod : max),
    undefined,
  );

/** The index and every file it names, with absolute URLs for one origin; `pageSize` is lowered by tests only. */
export function buildSitemaps(origin: string, source: SitemapSource, pageSize = SITEMAP_MAX_URLS): SitemapFiles {
  const size = Math.max(1, Math.min(SITEMAP_MAX_URLS, Math.floor(pageSize)));
  const files: SitemapFiles = new Map();
  const children: Array<{ name: string; lastmod?: number }> = [{ name: 'sitemap-static.xml', lastmod: latest(source.staticPaths) }];
  files.set('sitemap-static.xml', urlSet(origin, source.staticPaths));
  for (let start = 0, n = 1; start < source.apartments.length; start += size, n++) {
    const page = source.apartments.slice(start, start + size);
    const name = `sitemap-apartments-${n}.xml`;
    files.set(name, urlSet(origin, page));
    children.push({ name, lastmod: latest(page) });
  }
  const entries = children.map(
    (c) =>
      `<sitemap><loc>${escapeXml(`${origin}/${c.name}`)}</loc>${c.lastmod !== undefined ? `<lastmod>${day(c.lastmod)}</lastmod>` : ''}</sitemap>`,
  );
  files.set('sitemap.xml', `${XML_HEAD}<sitemapindex xmlns="${NS}">\n${entries.join('\n')}\n</sitemapindex>\n`);
  return files;
}

/** The public pages besides apartments: TOP, the services and each service, analytics. */
export function staticSitemapPaths(): SitemapUrl[] {
  return [
    { path: ROUTES.HOME },
    { path: ROUTES.SERVICES },
    ...SERVICES.map((s) => ({ path: servicePath(s.code) })),
    { path: ROUTES.ANALYTICS },
  ];
}

export interface ApartmentForSitemap {
  id: number;
  cityId: number;
  status: string;
  publishedAt: number;
}

/** Every apartment on sale (sold ones drop out), in id order so a listing keeps its file between builds. */
export function apartmentSitemapUrls(apartments: Iterable<ApartmentForSitemap>, linkOfCity: ReadonlyMap<number, string>): SitemapUrl[] {
  const urls: Array<SitemapUrl & { id: number }> = [];
  for (const a of apartments) {
    const link = linkOfCity.get(a.cityId);
    if (link === undefined || a.status === 'SOLD') continue;
    urls.push({ id: a.id, path: apartmentPath(link, a.id), lastmod: a.publishedAt });
  }
  urls.sort((x, y) => x.id - y.id);
  return urls.map(({ path, lastmod }) => ({ path, lastmod }));
}
