import type { FastifyInstance } from 'fastify';
import { DEFAULT_CITY_KLADR } from '@kvarta/contract/cities';
import type { ApartmentItem } from '@kvarta/contract/catalog';
import { DEFAULT_MORTGAGE_INFO, topProfilePayloadSchema, type TopProfilePayload } from '@kvarta/contract/selection';
import { withMortgagePayments } from '../mortgage';
import type { AppContext } from '../context';
import { badRequest, notFound } from '../core/errors';
import { route } from '../http/route';
import { reactionsOf, saveReaction } from '../selection/repository/reactions';
import { countReactionByIndex } from '../selection/reaction-index';
import { getTopProfile, saveTopProfile } from '../selection/repository/profiles';
import { itemWithReaction, topList, topMap } from '../selection/top';
import { rankedPage } from '../selection/selection-cache';
import { userSelection } from '../selection/user-selection';

/** TOP (LEXS) and favourites: profile, ranked list, map, sidebar, reactions, liked. */
export function selectionRoutes(app: FastifyInstance, ctx: AppContext): void {
  const defaults = (): TopProfilePayload =>
    topProfilePayloadSchema.parse({ cityIds: [DEFAULT_CITY_KLADR], priceTotalMinGte: 6_400_000, priceTotalMinLte: 9_600_000 });
  const withCity = <T extends { cityIds?: number[] }>(params: T, stored: TopProfilePayload | null) => {
    const cityIds = params.cityIds?.length ? params.cityIds : (stored?.cityIds ?? [DEFAULT_CITY_KLADR]);
    if (!ctx.cities.has(cityIds[0]!)) throw badRequest('cityIds: город не поддерживается');
    return { ...(stored ?? {}), ...params, cityIds };
  };

  route(app, 'topProfile', {
    handler: async ({ user }) => {
      const profile = await getTopProfile(ctx.db, user.id);
      // Spec §7: a failure means "no profile"; the client then PUTs the defaults.
      if (!profile) throw notFound('Профиль ТОП не создан');
      return profile;
    },
  });
  route(app, 'topProfileSave', {
    writes: true,
    handler: ({ body, user }) => saveTopProfile(ctx.db, user.id, body),
  });
  route(app, 'topProfileEnsure', {
    writes: true,
    handler: async ({ user }) => {
      return (await getTopProfile(ctx.db, user.id)) ?? saveTopProfile(ctx.db, user.id, defaults());
    },
  });

  route(app, 'topList', {
    handler: async ({ body, user }) => {
      const { count, page, ...params } = body;
      const profile = (await userSelection(ctx.db, user.id)).profile;
      return rankedPage(ctx.db, user.id, JSON.stringify(body), ctx.memory.version, () =>
        topList(ctx, user.id, withCity(params, profile), page, count),
      );
    },
  });
  // The same ranking for someone with no history: what a first visit shows, rendered on the server.
  route(app, 'topGuestList', {
    handler: ({ body }) => {
      const { count, page, ...params } = body;
      return topList(ctx, null, withCity(params, null), page, count);
    },
  });
  const mapRoute = (name: 'topMap' | 'topMapGrouped') =>
    route(app, name, {
      handler: async ({ body, user }) => {
        const { count: _count, page: _page, ...params } = body;
        const profile = withCity(params, (await userSelection(ctx.db, user.id)).profile);
        return withMortgagePayments(ctx, await topMap(ctx, user.id, profile), profile.mortgageInfo ?? DEFAULT_MORTGAGE_INFO);
      },
    });
  mapRoute('topMap');
  mapRoute('topMapGrouped');

  route(app, 'topSidebar', {
    handler: async ({ body, user }) => {
      const reactions = await reactionsOf(ctx.db, user.id);
      const groups: Record<'DISLIKED' | 'LIKED' | 'NOT_VIEWED', ApartmentItem[]> = { DISLIKED: [], LIKED: [], NOT_VIEWED: [] };
      for (const id of body.apartmentIds) {
        const item = itemWithReaction(ctx, id, reactions);
        if (item) groups[item.type].push(item);
      }
      return groups;
    },
  });

  route(app, 'topReaction', {
    writes: true,
    handler: async ({ body, user }) => {
      const apartment = ctx.memory.apartments.get(body.apartmentId);
      if (!apartment) throw notFound('Not Found', { apartmentId: body.apartmentId });
      await countReactionByIndex(ctx, user.id, apartment, body.action);
      await saveReaction(ctx.db, user.id, apartment, body.action, body.notices, 'LEXS');
      return { apartmentId: body.apartmentId, action: body.action };
    },
  });

  route(app, 'topLiked', {
    handler: async ({ user }) => {
      const reactions = await reactionsOf(ctx.db, user.id);
      return [...reactions.entries()]
        .filter(([, r]) => r.action === 'LIKE')
        .map(([id]) => itemWithReaction(ctx, id, reactions, { selectionType: 'FAV' }))
        .filter((i): i is ApartmentItem => i !== null);
    },
  });
}
