import type { ClientConfig } from '@kvarta/contract/client-config';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createPageRenders } from '../http/page-renders';
import { createRenderGate, scaledRenderLimits, type RenderLimits } from '../http/render-gate';
import { installFrontEnds, type FrontEnds } from '../http/spa';
import { createPageRenderer, loadSsrEntry } from '../http/ssr';
import { createSeo } from './index';
import { seoRoutes } from './routes';

export interface PagesOptions {
  frontEnds: FrontEnds;
  publicUrl?: string;
  /** PUBLIC_URL as configured (http/plugin.ts): the origin of canonical links, previews and sitemaps. */
  canonicalUrl?: string | null;
  /** Apartments per sitemap file (50 000, the protocol's limit); tests lower it to see the split. */
  sitemapPageSize?: number;
  /** Bounds on server renders and page documents per client (render-gate.ts); production's by default. */
  renderLimits?: RenderLimits;
  /** The outside services' public settings every page is handed (client-config.ts). */
  clientConfig?: ClientConfig;
}

/**
 * The pages: robots.txt, sitemaps, preview cards and both front ends, each document with its head (title, canonical
 * link, JSON-LD) and, where built, its server render. Registered last: the front ends answer what no route did.
 */
export const pagesPlugin = fp(
  async (app: FastifyInstance, options: PagesOptions) => {
    const publicUrl = options.canonicalUrl === undefined ? options.publicUrl : (options.canonicalUrl ?? undefined);
    const seo = await createSeo(app, { publicUrl, sitemapPageSize: options.sitemapPageSize });
    const limits = options.renderLimits ?? scaledRenderLimits(1);
    seoRoutes(app, seo, limits.previews);
    const ssrEntry = options.frontEnds.server ? await loadSsrEntry(options.frontEnds.server) : null;
    const renderer = ssrEntry
      ? createPageRenderer(app, ssrEntry, createPageRenders(app.memory, createRenderGate(limits.pages)))
      : undefined;
    await installFrontEnds(app, options.frontEnds, seo, renderer, options.clientConfig, limits.documents);
  },
  { name: 'kvarta-pages', fastify: '5.x', dependencies: ['kvarta-http', 'kvarta-catalogue'] },
);
