import type { FastifyInstance } from 'fastify';
import { moscowDate } from '@kvarta/contract/mortgage';
import type { AppContext } from '../context';
import type { AppLimiters } from '../http/app-limits';
import { route } from '../http/route';
import { allPrograms, createProgram, deleteProgram, updateProgram, visiblePrograms } from '../mortgage';

/** Mortgage programmes: the operator's CRUD (ADMIN_TOKEN, tries limited per address) and what buyers read. */
export function mortgageRoutes(app: FastifyInstance, ctx: AppContext, limiters: AppLimiters): void {
  const limit = (request: { ip: string }) => limiters.adminAttempt(request.ip);
  route(app, 'adminMortgagePrograms', { limit, handler: () => allPrograms(ctx.db) });
  route(app, 'adminMortgageProgramCreate', { limit, handler: ({ body }) => createProgram(ctx.db, body) });
  route(app, 'adminMortgageProgramUpdate', { limit, handler: ({ params, body }) => updateProgram(ctx.db, params.programId, body) });
  route(app, 'adminMortgageProgramDelete', { limit, handler: ({ params }) => deleteProgram(ctx.db, params.programId) });
  route(app, 'mortgagePrograms', {
    handler: () => visiblePrograms(ctx.db, { production: ctx.env === 'production', today: moscowDate(ctx.now()) }),
  });
}
