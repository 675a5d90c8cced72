import type { FastifyInstance } from 'fastify';
import { FAQ, SERVICES, SERVICES_COMMON } from '../catalog/content';
import { route } from '../http/route';

/** Services catalogue, the assistant's FAQ and who runs the service. */
export async function contentRoutes(app: FastifyInstance): Promise<void> {
  // Figures about our own track record are claimed only where the operator configured them (MARKETING_FIGURES).
  route(app, 'services', { handler: () => ({ services: SERVICES, common: { ...SERVICES_COMMON, facts: app.operator.figures } }) });
  route(app, 'faq', { handler: () => FAQ });
  route(app, 'operatorInfo', { handler: () => app.operator });
}
