import type { FastifyInstance } from 'fastify';
import { moscowDate } from '@kvarta/contract/mortgage';
import { route } from '../http/route';
import { allPrograms, createProgram, deleteProgram, updateProgram, visiblePrograms } from './index';

/** Mortgage programmes: the operator's CRUD (ADMIN_TOKEN, wrong tries limited per address) and what buyers read. */
export async function mortgageRoutes(app: FastifyInstance): Promise<void> {
  route(app, 'adminMortgagePrograms', { handler: () => allPrograms(app.db) });
  route(app, 'adminMortgageProgramCreate', { handler: ({ body }) => createProgram(app.db, body) });
  route(app, 'adminMortgageProgramUpdate', { handler: ({ params, body }) => updateProgram(app.db, params.programId, body) });
  route(app, 'adminMortgageProgramDelete', { handler: ({ params }) => deleteProgram(app.db, params.programId) });
  route(app, 'mortgagePrograms', {
    handler: () => visiblePrograms(app.db, { production: app.env === 'production', today: moscowDate(app.now()) }),
  });
}
