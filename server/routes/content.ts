import type { FastifyInstance } from 'fastify';
import { FAQ, SERVICES, SERVICES_COMMON } from '../catalog/content';
import { route } from '../http/route';

/** Services catalogue and the assistant's FAQ. */
export function contentRoutes(app: FastifyInstance): void {
  route(app, 'services', { handler: () => ({ services: SERVICES, common: SERVICES_COMMON }) });
  route(app, 'faq', { handler: () => FAQ });
}
