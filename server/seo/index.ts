import type { AppContext } from '../context';
import { listCities } from '../catalog/reference-queries';
import { matchRoute } from '@kvarta/contract/routes';
import { injectMeta } from './head';
import { createOriginResolver, type OriginResolver } from './origin';
import { createPageMeta, NOT_FOUND } from './page-meta';
import { robotsTxt } from './robots';
import { apartmentSitemapUrls, buildSitemaps, staticSitemapPaths, type SitemapFiles } from './sitemap';

export { injectMeta } from './head';
export { validHost } from './origin';

/** What the SPA fallback needs to know about a request: its page path and where it came from. */
export interface PageRequest {
  /** The page path without the Mini App prefix. */
  pathname: string;
  host: string | undefined;
  protocol: string;
}

/** A page's status and its index.html with the page's head. */
export interface RenderedHead {
  status: 200 | 404;
  render(html: string): string;
}

export interface Seo {
  /** The SPA fallback's one call: status and head of a page path. */
  page(request: PageRequest): Promise<RenderedHead>;
  robots(request: Omit<PageRequest, 'pathname'>): string;
  /** One sitemap file by name (sitemap.xml is the index), or null: no such file, or no origin to write URLs with. */
  sitemap(name: string, request: Omit<PageRequest, 'pathname'>): Promise<string | null>;
}

export interface SeoOptions {
  /** PUBLIC_URL: the only origin written into pages when set. */
  publicUrl: string | undefined;
  /** Apartments per sitemap file; the protocol's 50 000 unless a test lowers it. */
  sitemapPageSize?: number;
}

/** Built sitemaps kept per origin; more than one only in development, where the Host decides it. */
const MAX_CACHED_ORIGINS = 4;

/** Search engines and link previews (issue 13): page heads, robots.txt and the sitemaps. */
export function createSeo(ctx: Pick<AppContext, 'db' | 'memory'>, options: SeoOptions): Seo {
  const originOf: OriginResolver = createOriginResolver(options.publicUrl);
  const resolve = createPageMeta(ctx);
  // Rebuilt only when the catalogue changed (market ticks bump its version): 50 000 URLs take tens of ms.
  let built: { version: number; byOrigin: Map<string, SitemapFiles> } = { version: -1, byOrigin: new Map() };
  let linkOfCity: Promise<Map<number, string>> | null = null;
  const cityLinks = () => {
    linkOfCity ??= listCities(ctx.db).then(
      (cities) => new Map(cities.flatMap((c) => c.cityIds.map((id) => [id, c.link] as const))),
      (error: unknown) => {
        linkOfCity = null;
        throw error;
      },
    );
    return linkOfCity;
  };

  return {
    async page(request) {
      const route = matchRoute(request.pathname);
      const origin = originOf(request);
      const meta = route && route !== 'NOT_FOUND' ? await resolve(request.pathname, origin) : NOT_FOUND;
      if (!meta) return { status: 200, render: (html) => html };
      return { status: meta.status, render: (html) => injectMeta(html, meta, origin) };
    },
    robots: (request) => robotsTxt(originOf(request)),
    async sitemap(name, request) {
      const origin = originOf(request);
      if (!origin) return null;
      const links = await cityLinks();
      if (built.version !== ctx.memory.version) built = { version: ctx.memory.version, byOrigin: new Map() };
      let files = built.byOrigin.get(origin);
      if (!files) {
        files = buildSitemaps(
          origin,
          { staticPaths: staticSitemapPaths(), apartments: apartmentSitemapUrls(ctx.memory.apartments.values(), links) },
          options.sitemapPageSize,
        );
        if (built.byOrigin.size >= MAX_CACHED_ORIGINS) built.byOrigin.clear();
        built.byOrigin.set(origin, files);
      }
      return files.get(name) ?? null;
    },
  };
}
