import type { FastifyInstance } from 'fastify';
import { API_PATHS } from '../../src/shared/api/contract';
import { FAQ, SERVICES, SERVICES_COMMON } from '../catalog/content';
import { route } from '../http/route';

/** Services catalogue and the assistant's FAQ. */
export function contentRoutes(app: FastifyInstance): void {
  route(app, { method: 'GET', url: API_PATHS.SERVICES, handler: () => ({ services: SERVICES, common: SERVICES_COMMON }) });
  route(app, { method: 'GET', url: API_PATHS.FAQ, handler: () => FAQ });
}
