import type { FastifyInstance } from 'fastify';
import { notFound } from '../core/errors';
import { marksOf, refreshMarks, saveNote, setAlerts } from './index';
import { route } from '../http/route';

/** Favourites' notes, what changed since the like, and the bot's alerts about it. */
export async function favouriteRoutes(app: FastifyInstance): Promise<void> {
  const answer = async (user: { id: number; telegramId: string | null }) => {
    // Marked as the catalogue is now: the page need not wait for the alerts' job to notice a drop.
    await refreshMarks(app.db, app.memory, user.id, app.now());
    return marksOf(app.db, user.id, user.telegramId !== null);
  };
  route(app, 'favouriteMarks', { handler: ({ user }) => answer(user) });
  route(app, 'favouriteNote', {
    writes: true,
    handler: async ({ user, params, body }) => {
      await app.limiters.note(user.id);
      if (!app.memory.apartments.has(params.apartId)) throw notFound('Квартира не найдена', { apartmentId: params.apartId });
      await saveNote(app.db, user.id, params.apartId, body.note);
      return answer(user);
    },
  });
  route(app, 'favouriteAlerts', {
    writes: true,
    handler: async ({ user, body }) => {
      await setAlerts(app.db, user.id, body.enabled);
      return answer(user);
    },
  });
}
