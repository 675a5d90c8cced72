import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API_BASES, RAW_PATHS } from '@kvarta/contract';
import { fastifyPath } from '../http/route';
import type { Seo } from './index';
import { PREVIEW_RENDER_LIMITS, createRenderGate, renderClientOf, type RenderGateOptions } from '../http/render-gate';
import { tooManyRequests } from '../infra/rate-limit';

const from = (request: FastifyRequest) => ({ host: request.host, protocol: request.protocol });

async function sendSitemap(seo: Seo, name: string, request: FastifyRequest, reply: FastifyReply) {
  const xml = await seo.sitemap(name, from(request));
  if (xml === null) return reply.callNotFound();
  // Crawlers come back daily; the files change with the market every few minutes at most.
  return reply.type('application/xml; charset=utf-8').header('Cache-Control', 'public, max-age=600').send(xml);
}

/** robots.txt and the sitemaps: plain pages for crawlers, not routes of the API contract. */
export function seoRoutes(app: FastifyInstance, seo: Seo, previewLimits: RenderGateOptions = PREVIEW_RENDER_LIMITS): void {
  // Preview cards are drawn off the main thread, but each still takes a core for tens of milliseconds: bounded per
  // client and in all (render-gate.ts PREVIEW_RENDER_LIMITS).
  const previews = createRenderGate(previewLimits);
  app.get('/robots.txt', async (request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('Cache-Control', 'public, max-age=3600')
      .send(seo.robots(from(request))),
  );
  app.get<{ Params: { apartId: string } }>(`${API_BASES.main}${fastifyPath(RAW_PATHS.APART_PREVIEW)}`, async (request, reply) => {
    // Digits only: the id is a catalogue key, not a number to coerce ('1e3' is not apartment 1000).
    const { apartId } = request.params;
    const client = renderClientOf(request);
    const schedule = <T>(render: () => Promise<T>) => {
      const started = previews.run(client, render);
      if (!started) throw tooManyRequests(1_000);
      return started;
    };
    const png = /^[1-9]\d{0,9}$/.test(apartId) ? await seo.preview(Number(apartId), schedule) : null;
    if (!png) return reply.callNotFound();
    // The card follows the price; a day is short enough and spares re-drawing for every chat that shows the link.
    return reply.type('image/png').header('Cache-Control', 'public, max-age=86400').send(png);
  });
  app.get('/sitemap.xml', async (request, reply) => sendSitemap(seo, 'sitemap.xml', request, reply));
  app.get('/sitemap-static.xml', async (request, reply) => sendSitemap(seo, 'sitemap-static.xml', request, reply));
  app.get('/sitemap-complexes.xml', async (request, reply) => sendSitemap(seo, 'sitemap-complexes.xml', request, reply));
  app.get<{ Params: { n: string } }>('/sitemap-apartments-:n(^\\d{1,6}$).xml', async (request, reply) =>
    sendSitemap(seo, `sitemap-apartments-${Number(request.params.n)}.xml`, request, reply),
  );
}
