import type { FastifyInstance } from 'fastify';
import { API_PATHS } from '../../src/shared/api/contract';
import type { ApartmentItem } from '../../src/shared/api/contract/catalog';
import { reactionSchema, sidebarRequestSchema, topListRequestSchema, topProfilePayloadSchema, type TopProfilePayload } from '../../src/shared/api/contract/selection';
import type { AppContext } from '../context';
import { badRequest, notFound } from '../http/errors';
import { route } from '../http/route';
import { reactionsOf, saveReaction } from '../selection/reactions';
import { getTopProfile, itemWithReaction, saveTopProfile, topList, topMap } from '../selection/top';

/** TOP (LEXS) and favourites (issue 5): profile, ranked list, map, sidebar, reactions, liked. */
export function selectionRoutes(app: FastifyInstance, ctx: AppContext): void {
  const defaults = (): TopProfilePayload => topProfilePayloadSchema.parse({ cityIds: [78], priceTotalMinGte: 6_400_000, priceTotalMinLte: 9_600_000 });
  const withCity = <T extends { cityIds?: number[] }>(params: T, stored: TopProfilePayload | null) => {
    const cityIds = params.cityIds?.length ? params.cityIds : (stored?.cityIds ?? [78]);
    if (!ctx.cities.has(cityIds[0]!)) throw badRequest('cityIds: город не поддерживается');
    return { ...(stored ?? {}), ...params, cityIds };
  };

  route(app, {
    method: 'GET',
    url: API_PATHS.TOP_PROFILE,
    handler: async ({ request }) => {
      const user = await ctx.auth.requireUser(request);
      const profile = await getTopProfile(ctx.db, user.id);
      // Spec §7: a failure means "no profile"; the client then PUTs the defaults.
      if (!profile) throw notFound('Профиль ТОП не создан');
      return profile;
    },
  });
  route(app, {
    method: 'POST',
    url: API_PATHS.TOP_PROFILE,
    body: topProfilePayloadSchema,
    handler: async ({ body, request }) => saveTopProfile(ctx.db, (await ctx.auth.requireUser(request)).id, body),
  });
  route(app, {
    method: 'PUT',
    url: API_PATHS.TOP_PROFILE,
    handler: async ({ request }) => {
      const user = await ctx.auth.requireUser(request);
      return (await getTopProfile(ctx.db, user.id)) ?? saveTopProfile(ctx.db, user.id, defaults());
    },
  });

  route(app, {
    method: 'POST',
    url: API_PATHS.TOP_LIST,
    body: topListRequestSchema,
    handler: async ({ body, request }) => {
      const user = await ctx.auth.requireUser(request);
      const { count, page, ...params } = body;
      return topList(ctx, user.id, withCity(params, await getTopProfile(ctx.db, user.id)), page, count);
    },
  });
  const mapRoute = (url: string) =>
    route(app, {
      method: 'POST',
      url,
      body: topListRequestSchema,
      handler: async ({ body, request }) => {
        const user = await ctx.auth.requireUser(request);
        const { count: _count, page: _page, ...params } = body;
        return topMap(ctx, user.id, withCity(params, await getTopProfile(ctx.db, user.id)));
      },
    });
  mapRoute(API_PATHS.TOP_MAP);
  mapRoute(API_PATHS.TOP_MAP_GROUPED);

  route(app, {
    method: 'POST',
    url: API_PATHS.TOP_SIDEBAR,
    body: sidebarRequestSchema,
    handler: async ({ body, request }) => {
      const user = await ctx.auth.requireUser(request);
      const reactions = await reactionsOf(ctx.db, user.id);
      const groups: Record<'DISLIKED' | 'LIKED' | 'NOT_VIEWED', ApartmentItem[]> = { DISLIKED: [], LIKED: [], NOT_VIEWED: [] };
      for (const id of body.apartmentIds) {
        const item = itemWithReaction(ctx, id, reactions);
        if (item) groups[item.type].push(item);
      }
      return groups;
    },
  });

  route(app, {
    method: 'POST',
    url: API_PATHS.TOP_REACTION,
    body: reactionSchema,
    handler: async ({ body, request }) => {
      const user = await ctx.auth.requireUser(request);
      const apartment = ctx.memory.apartments.get(body.apartmentId);
      if (!apartment) throw notFound('Not Found', { apartmentId: body.apartmentId });
      await saveReaction(ctx.db, ctx.engine, user.id, apartment, body.action, body.notices, 'LEXS');
      return { apartmentId: body.apartmentId, action: body.action };
    },
  });

  route(app, {
    method: 'GET',
    url: API_PATHS.TOP_LIKED,
    handler: async ({ request }) => {
      const user = await ctx.auth.requireUser(request);
      const reactions = await reactionsOf(ctx.db, user.id);
      return [...reactions.entries()]
        .filter(([, r]) => r.action === 'LIKE')
        .map(([id]) => itemWithReaction(ctx, id, reactions, { selectionType: 'FAV' }))
        .filter((i): i is ApartmentItem => i !== null);
    },
  });
}
