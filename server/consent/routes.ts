import type { FastifyInstance } from 'fastify';
import { deleteCallbacksOf } from '../callback';
import { route } from '../http/route';
import { isTelegramSession } from '../http/session';
import { consentStates, decideConsent, type WithdrawalEffects } from './service';

/** What each withdrawal ends at once: the call-back requests with their names and phones. Analytics keeps nothing here. */
const WITHDRAWAL_EFFECTS: WithdrawalEffects = {
  callback: async (tx, userId) => void (await deleteCallbacksOf(tx, userId)),
};

/** `/api/cabinet/consents`: each consent's state, and a decision on one (given on the text read, or refused/withdrawn). */
export async function consentRoutes(app: FastifyInstance): Promise<void> {
  route(app, 'consentList', {
    handler: async ({ user, reply }) => {
      reply.header('Cache-Control', 'no-store');
      return consentStates(app.db, user.unsavedSession === undefined ? user.id : null);
    },
  });
  route(app, 'consentDecide', {
    writes: true,
    handler: ({ params, body, user, request }) =>
      decideConsent(app, WITHDRAWAL_EFFECTS, {
        userId: user.id,
        purpose: params.purpose,
        given: body.given,
        version: body.version,
        channel: isTelegramSession(request) ? 'tma' : 'web',
      }),
  });
}
