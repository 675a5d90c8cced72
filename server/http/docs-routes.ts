import type { FastifyInstance } from 'fastify';
import { legalTexts } from '../content/legal-texts';
import { renderLegalPdf } from '../content/legal-pdf';
import { sendError } from './envelope';

/**
 * `/docs/{name}.pdf`: the legal documents (spec §2), printed with the operator this server is configured with (LEGAL_*),
 * each once per process on its first request. Only the known names are answered.
 */
export async function docsRoutes(app: FastifyInstance): Promise<void> {
  const texts = new Map(legalTexts(app.operator).map((doc) => [doc.href, doc]));
  const printed = new Map<string, Promise<Buffer>>();
  app.get<{ Params: { name: string } }>('/docs/:name', async (request, reply) => {
    const href = `/docs/${request.params.name}`;
    const doc = texts.get(href);
    if (!doc) return sendError(reply, 404, 'Документ не найден', { name: request.params.name });
    let pdf = printed.get(href);
    if (!pdf) {
      pdf = renderLegalPdf(doc);
      printed.set(href, pdf);
      // A failed print is not kept: the next request tries again.
      pdf.catch(() => printed.delete(href));
    }
    return reply
      .type('application/pdf')
      .header('Content-Disposition', `inline; filename="${request.params.name}"`)
      .header('Cache-Control', 'public, max-age=86400')
      .send(await pdf);
  });
}
