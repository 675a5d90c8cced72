import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { API_PATHS, SUPPORTED_KLADR } from '../../src/shared/api/contract';
import type { UserRow } from '../auth/users';
import type { AppContext } from '../context';
import { HttpError } from '../http/errors';
import { route } from '../http/route';

const profileUpdateSchema = z
  .object({
    name: z.string().trim().min(1, 'name: пустое имя').max(100, 'name: не длиннее 100 символов').optional(),
    cityId: z.number().int().refine((id) => (SUPPORTED_KLADR as readonly number[]).includes(id), 'cityId: город не поддерживается').optional(),
  })
  .strict();

const profileOf = (user: UserRow) => ({ name: user.name ?? '', cityId: user.cityId, connectedToTelegram: user.telegramId !== null });

/** `/api/cabinet/profile` (spec §3 "Cabinet profile"). */
export function cabinetRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, {
    method: 'GET',
    url: API_PATHS.CABINET_PROFILE,
    handler: async ({ request }) => {
      try {
        return profileOf(await ctx.auth.requireUser(request));
      } catch (error) {
        // Spec §8: a revoked token gets an empty profile, which the client reads as 'Token was revoked'.
        if (error instanceof HttpError && error.message === 'Token was revoked') return null;
        throw error;
      }
    },
  });
  route(app, {
    method: 'PUT',
    url: API_PATHS.CABINET_PROFILE,
    body: profileUpdateSchema,
    handler: async ({ body, request }) => {
      const user = await ctx.auth.requireUser(request);
      await ctx.db.query('UPDATE users SET name = coalesce($2, name), city_id = coalesce($3, city_id) WHERE id = $1', [user.id, body.name ?? null, body.cityId ?? null]);
      return profileOf({ ...user, name: body.name ?? user.name, cityId: body.cityId ?? user.cityId });
    },
  });
}
