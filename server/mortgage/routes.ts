import type { FastifyInstance } from 'fastify';
import { moscowDate } from '@kvarta/contract/mortgage';
import type { AppContext } from '../context';
import { route } from '../http/route';
import { allPrograms, createProgram, deleteProgram, updateProgram, visiblePrograms } from './index';

/** Mortgage programmes: the operator's CRUD (ADMIN_TOKEN, wrong tries limited per address) and what buyers read. */
export function mortgageRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, 'adminMortgagePrograms', { handler: () => allPrograms(ctx.db) });
  route(app, 'adminMortgageProgramCreate', { handler: ({ body }) => createProgram(ctx.db, body) });
  route(app, 'adminMortgageProgramUpdate', { handler: ({ params, body }) => updateProgram(ctx.db, params.programId, body) });
  route(app, 'adminMortgageProgramDelete', { handler: ({ params }) => deleteProgram(ctx.db, params.programId) });
  route(app, 'mortgagePrograms', {
    handler: () => visiblePrograms(ctx.db, { production: ctx.env === 'production', today: moscowDate(ctx.now()) }),
  });
}
