import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { notFound } from '../core/errors';
import { marksOf, refreshMarks, saveNote, setAlerts } from './index';
import type { AppLimiters } from '../http/app-limits';
import { route } from '../http/route';

/** Favourites' notes, what changed since the like, and the bot's alerts about it. */
export function favouriteRoutes(app: FastifyInstance, ctx: AppContext, limiters: AppLimiters): void {
  const answer = async (user: { id: number; telegramId: string | null }) => {
    // Marked as the catalogue is now: the page need not wait for the alerts' job to notice a drop.
    await refreshMarks(ctx.db, ctx.memory, user.id, ctx.now());
    return marksOf(ctx.db, user.id, user.telegramId !== null);
  };
  route(app, 'favouriteMarks', { handler: ({ user }) => answer(user) });
  route(app, 'favouriteNote', {
    writes: true,
    handler: async ({ user, params, body }) => {
      await limiters.note(user.id);
      if (!ctx.memory.apartments.has(params.apartId)) throw notFound('Квартира не найдена', { apartmentId: params.apartId });
      await saveNote(ctx.db, user.id, params.apartId, body.note);
      return answer(user);
    },
  });
  route(app, 'favouriteAlerts', {
    writes: true,
    handler: async ({ user, body }) => {
      await setAlerts(ctx.db, user.id, body.enabled);
      return answer(user);
    },
  });
}
