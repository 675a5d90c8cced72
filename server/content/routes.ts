import type { FastifyInstance } from 'fastify';
import { FAQ, SERVICES, SERVICES_COMMON } from '../catalog/content';
import type { AppContext } from '../context';
import { route } from '../http/route';

/** Services catalogue, the assistant's FAQ and who runs the service. */
export function contentRoutes(app: FastifyInstance, ctx: Pick<AppContext, 'operator'>): void {
  // Figures about our own track record are claimed only where the operator configured them (MARKETING_FIGURES).
  route(app, 'services', { handler: () => ({ services: SERVICES, common: { ...SERVICES_COMMON, facts: ctx.operator.figures } }) });
  route(app, 'faq', { handler: () => FAQ });
  route(app, 'operatorInfo', { handler: () => ctx.operator });
}
