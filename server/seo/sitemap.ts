import { ROUTES } from '@kvarta/contract/routes';
import { SERVICES } from '../catalog/content';
import { escapeXml } from './escape';
import { apartmentPath, complexPath, servicePath } from './page-meta';

/** The protocol's limit per file (sitemaps.org): past it the apartments go on in the next file. */
export const SITEMAP_MAX_URLS = 50_000;

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const lastmodTag = (ms: number | undefined) => (ms === undefined ? '' : `<lastmod>${day(ms)}</lastmod>`);

export interface ApartmentForSitemap {
  id: number;
  cityId: number;
  status: string;
  publishedAt: number;
}

/**
 * Which apartments go into which file, for one catalogue version: ids on sale (sold ones drop out) in id
 * order, so a listing keeps its file between builds. Files themselves are written only when asked for:
 * at 1 000 000 listings all of them are ~90 MB of text and seconds of work, one is ~4.5 MB.
 */
export interface SitemapPlan {
  ids: Uint32Array;
  pageSize: number;
  /** The newest listing of each file (Unix ms), for the index's lastmod; one entry per file. */
  pageLastmod: number[];
}

export function planSitemaps(
  apartments: ReadonlyMap<number, ApartmentForSitemap>,
  linkOfCity: ReadonlyMap<number, string>,
  pageSize = SITEMAP_MAX_URLS,
): SitemapPlan {
  const size = Math.max(1, Math.min(SITEMAP_MAX_URLS, Math.floor(pageSize)));
  const picked: number[] = [];
  for (const a of apartments.values()) if (a.status !== 'SOLD' && linkOfCity.has(a.cityId)) picked.push(a.id);
  const ids = Uint32Array.from(picked).sort();
  const pageLastmod: number[] = [];
  for (let start = 0; start < ids.length; start += size) {
    pageLastmod.push(ids.subarray(start, start + size).reduce((max, id) => Math.max(max, apartments.get(id)!.publishedAt), 0));
  }
  return { ids, pageSize: size, pageLastmod };
}

/** The public pages besides apartments: TOP, the services and each service, analytics, the recommendation rules. */
function staticPaths(): string[] {
  return [ROUTES.HOME, ROUTES.SERVICES, ...SERVICES.map((s) => servicePath(s.code)), ROUTES.ANALYTICS, ROUTES.RECOMMENDATION_RULES];
}

export function staticSitemapXml(origin: string): string {
  const lines = staticPaths().map((path) => `<url><loc>${escapeXml(origin + path)}</loc></url>`);
  return `${XML_HEAD}<urlset xmlns="${NS}">\n${lines.join('\n')}\n</urlset>\n`;
}

/** sitemap-apartments-<n>.xml (n from 1), or null past the last file. */
export function apartmentSitemapXml(
  origin: string,
  plan: SitemapPlan,
  n: number,
  apartmentOf: (id: number) => ApartmentForSitemap | undefined,
  linkOfCity: ReadonlyMap<number, string>,
  /** The listing's last change (Unix ms) where it is known; its publication otherwise. */
  changedAt: ReadonlyMap<number, number> = new Map(),
): string | null {
  if (!Number.isInteger(n) || n < 1 || n > plan.pageLastmod.length) return null;
  const lines: string[] = [];
  for (const id of plan.ids.subarray((n - 1) * plan.pageSize, n * plan.pageSize)) {
    const a = apartmentOf(id);
    const link = a && linkOfCity.get(a.cityId);
    if (!a || link === undefined) continue;
    lines.push(`<url><loc>${escapeXml(origin + apartmentPath(link, id))}</loc>${lastmodTag(changedAt.get(id) ?? a.publishedAt)}</url>`);
  }
  return `${XML_HEAD}<urlset xmlns="${NS}">\n${lines.join('\n')}\n</urlset>\n`;
}

/**
 * sitemap-complexes.xml: the page of every complex (and resale house) with a listing on sale in a supported city, in id
 * order. Thousands, not millions: one file.
 */
export function complexSitemapXml(
  origin: string,
  apartments: Iterable<ApartmentForSitemap & { complexId: number }>,
  linkOfCity: ReadonlyMap<number, string>,
): string {
  const onSale = new Map<number, number>();
  for (const a of apartments) if (a.status !== 'SOLD' && linkOfCity.has(a.cityId)) onSale.set(a.complexId, a.cityId);
  const lines = [...onSale]
    .sort((x, y) => x[0] - y[0])
    .slice(0, SITEMAP_MAX_URLS)
    .map(([id, cityId]) => `<url><loc>${escapeXml(origin + complexPath(linkOfCity.get(cityId)!, id))}</loc></url>`);
  return `${XML_HEAD}<urlset xmlns="${NS}">\n${lines.join('\n')}\n</urlset>\n`;
}

/** sitemap.xml: the static file, the complexes, then each apartment file with the date of its newest listing. */
export function sitemapIndexXml(origin: string, plan: SitemapPlan): string {
  const entries = [
    `<sitemap><loc>${escapeXml(`${origin}/sitemap-static.xml`)}</loc></sitemap>`,
    `<sitemap><loc>${escapeXml(`${origin}/sitemap-complexes.xml`)}</loc></sitemap>`,
  ];
  plan.pageLastmod.forEach((newest, i) => {
    entries.push(
      `<sitemap><loc>${escapeXml(`${origin}/sitemap-apartments-${i + 1}.xml`)}</loc>${lastmodTag(newest || undefined)}</sitemap>`,
    );
  });
  return `${XML_HEAD}<sitemapindex xmlns="${NS}">\n${entries.join('\n')}\n</sitemapindex>\n`;
}
