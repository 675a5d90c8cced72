import type { FastifyInstance } from 'fastify';
import { updateProfile, type UserRow } from '../auth/users';
import { route } from '../http/route';
import { deleteAccount, personalDataOf } from './account';

const profileOf = (user: UserRow) => ({ name: user.name ?? '', cityId: user.cityId, connectedToTelegram: user.telegramId !== null });

/** `/api/cabinet/profile` (spec §3 "Cabinet profile"). */
export async function cabinetRoutes(app: FastifyInstance): Promise<void> {
  route(app, 'cabinetProfile', {
    handler: ({ user }) => profileOf(user),
    // Spec §8: a revoked token gets an empty profile, which the client reads as 'Token was revoked'.
    whenRevoked: () => null,
  });
  route(app, 'cabinetProfileUpdate', {
    writes: true,
    handler: async ({ body, user }) => {
      await updateProfile(app.db, user.id, { name: body.name, cityId: body.cityId });
      return profileOf({ ...user, name: body.name ?? user.name, cityId: body.cityId ?? user.cityId });
    },
  });
  // 152-FZ: a session without a row yet (an anonymous visitor who wrote nothing) has nothing stored, nothing to delete.
  route(app, 'personalData', {
    handler: async ({ user, reply }) => {
      reply.header('Cache-Control', 'no-store');
      return personalDataOf(app, user.id);
    },
  });
  route(app, 'accountDelete', {
    handler: ({ user }) => (user.unsavedSession === undefined ? deleteAccount(app, user.id) : { deleted: {}, kept: {} }),
  });
}
