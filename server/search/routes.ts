import type { FastifyInstance } from 'fastify';
import { badRequest } from '../core/errors';
import { route } from '../http/route';
import { parseSentence, vocabularyOf } from './index';

/** Search by a sentence: the words read into the profiles' filter fields, by our own grammar. */
export async function searchRoutes(app: FastifyInstance): Promise<void> {
  route(app, 'searchParse', {
    handler: async ({ body }) => {
      if (!app.cities.has(body.cityId)) throw badRequest('cityId: город не поддерживается');
      return parseSentence(body.text, body.cityId, await vocabularyOf(app.db));
    },
  });
}
