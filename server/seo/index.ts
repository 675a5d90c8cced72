import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { matchRoute } from '@kvarta/contract/routes';
import { injectMeta } from './head';
import { createOriginResolver, type OriginResolver } from './origin';
import { apartmentFacts, cachedCityList, createPageMeta, NOT_FOUND, type PageMetaNeeds } from './page-meta';
import { photoDir } from '../feeds';
import { apartmentCardSvg, loadPngRenderer } from './preview-image';
import { listingStamp } from '../catalog/listing-stamp';
import { listingChanges } from '../catalog/repository/apartments';
import { FEED_ID_BASE } from '../catalog/schema';
import { createRenderCache } from '../lib/render-cache';
import { robotsTxt } from './robots';
import { apartmentSitemapXml, complexSitemapXml, planSitemaps, sitemapIndexXml, staticSitemapXml, type SitemapPlan } from './sitemap';

/** What this module uses of the running server: the pages' needs and the photos' folder. */
interface Needs extends PageMetaNeeds {
  mediaDir: string;
}

export { injectMeta } from './head';
export { validHost } from './origin';

/** What the SPA fallback needs to know about a request: its page path and where it came from. */
export interface PageRequest {
  /** The page path without the Mini App prefix. */
  pathname: string;
  /**
   * The page is the Mini App's copy (under /tma/). Crawlers may read it (robots.txt does not close it), and its
   * canonical link names the website's URL of the same page, so search engines keep one copy of each page.
   */
  miniApp?: boolean;
  host: string | undefined;
  protocol: string;
}

/** Runs a render when the caller's bound on render work allows. */
export type RenderSchedule = <T>(render: () => Promise<T>) => Promise<T>;

/** A page's status and its index.html with the page's head. */
export interface RenderedHead {
  status: 200 | 404;
  render(html: string): string;
}

export interface Seo {
  /** The SPA fallback's one call: status and head of a page path. */
  page(request: PageRequest): Promise<RenderedHead>;
  robots(request: Omit<PageRequest, 'pathname'>): string;
  /**
   * An apartment's preview card as PNG, or null: no such apartment, or no renderer on this platform. A card not kept
   * is drawn through `schedule` (the caller's bound on render work; it may refuse by throwing).
   */
  preview(apartmentId: number, schedule?: RenderSchedule): Promise<Buffer | null>;
  /** One sitemap file by name (sitemap.xml is the index), or null: no such file, or no origin to write URLs with. */
  sitemap(name: string, request: Omit<PageRequest, 'pathname'>): Promise<string | null>;
}

export interface SeoOptions {
  /** PUBLIC_URL: the only origin written into pages when set. */
  publicUrl: string | undefined;
  /** Apartments per sitemap file; the protocol's 50 000 unless a test lowers it. */
  sitemapPageSize?: number;
}

/** Preview cards kept (about 100 kB each): every card of a busy day's shared links. */
const CARD_CACHE_BYTES = 32 * 1024 * 1024;
/** A card follows its listing (its stamp); a day bounds what it shows beyond that (the city's name). */
const CARD_MAX_AGE_MS = 24 * 3_600_000;

/** Written sitemap files kept per catalogue version (by origin and name); a crawler reads them one after another. */
const MAX_CACHED_FILES = 8;

/** One file of the set by its name, or null when there is no such file. */
async function writeSitemap(
  name: string,
  origin: string,
  plan: SitemapPlan,
  ctx: Pick<Needs, 'db' | 'memory'>,
  links: ReadonlyMap<number, string>,
) {
  const { memory } = ctx;
  if (name === 'sitemap.xml') return sitemapIndexXml(origin, plan);
  if (name === 'sitemap-static.xml') return staticSitemapXml(origin);
  if (name === 'sitemap-complexes.xml') return complexSitemapXml(origin, memory.apartments.values(), links);
  const apartments = /^sitemap-apartments-(\d{1,6})\.xml$/.exec(name);
  if (!apartments) return null;
  const n = Number(apartments[1]);
  // An imported listing's lastmod is its adverts' last change, read for this file's listings only.
  const ids = plan.ids.subarray((n - 1) * plan.pageSize, n * plan.pageSize).filter((id) => id >= FEED_ID_BASE);
  const changes = await listingChanges(ctx.db, [...ids]);
  return apartmentSitemapXml(origin, plan, n, (id) => memory.apartments.get(id), links, changes);
}

/** Search engines and link previews: page heads, robots.txt and the sitemaps. */
export async function createSeo(ctx: Pick<Needs, 'db' | 'memory' | 'mediaDir'>, options: SeoOptions): Promise<Seo> {
  const originOf: OriginResolver = createOriginResolver(options.publicUrl);
  const cityList = cachedCityList(ctx.db);
  // Apartments get their own preview card wherever the renderer has a binary; the site's picture elsewhere.
  const renderPng = await loadPngRenderer();
  const resolve = createPageMeta(ctx, cityList, { previews: renderPng !== null });
  // A link shared in a busy chat is fetched by every member's client at once: one drawing per listing as it is now.
  const cards = createRenderCache<Buffer>({ maxBytes: CARD_CACHE_BYTES, maxAgeMs: CARD_MAX_AGE_MS, sizeOf: (png) => png.length });
  // Planned and written only when the catalogue changed (market ticks bump its version), file by file.
  let built: { version: number; plan: SitemapPlan | null; files: Map<string, string> } = { version: -1, plan: null, files: new Map() };
  let linkOfCity: Promise<Map<number, string>> | null = null;
  const cityLinks = () => {
    linkOfCity ??= cityList().then(
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
    async preview(apartmentId, schedule = (render) => render()) {
      if (!renderPng) return null;
      return cards.get(String(apartmentId), listingStamp(ctx.memory, apartmentId), async () => {
        const facts = apartmentFacts(ctx.memory, await cityList(), apartmentId);
        if (!facts) return null;
        const photo = await listingPhoto(ctx, apartmentId);
        return schedule(() => renderPng(apartmentCardSvg({ ...facts, photo })));
      });
    },
    async sitemap(name, request) {
      const origin = originOf(request);
      if (!origin) return null;
      const links = await cityLinks();
      const { memory } = ctx;
      if (built.version !== memory.version) built = { version: memory.version, plan: null, files: new Map() };
      const key = `${origin} ${name}`;
      const cached = built.files.get(key);
      if (cached !== undefined) return cached;
      built.plan ??= planSitemaps(memory.apartments, links, options.sitemapPageSize);
      const xml = await writeSitemap(name, origin, built.plan, ctx, links);
      if (xml === null) return null;
      if (built.files.size >= MAX_CACHED_FILES) built.files.delete(built.files.keys().next().value!);
      built.files.set(key, xml);
      return xml;
    },
  };
}

/** The JPEG of an imported listing's first photo, if it has been downloaded. */
async function listingPhoto(ctx: Pick<Needs, 'memory' | 'mediaDir'>, apartmentId: number): Promise<Buffer | undefined> {
  const photo = ctx.memory.photos.get(apartmentId)?.find((p) => p.tag !== 'plan');
  return photo ? readFile(join(photoDir(ctx.mediaDir, photo.key), 'bot.jpg')).catch(() => undefined) : undefined;
}
