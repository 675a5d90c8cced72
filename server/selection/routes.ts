import type { FastifyInstance } from 'fastify';
import { DEFAULT_CITY_KLADR } from '@kvarta/contract/cities';
import type { ApartmentItem } from '@kvarta/contract/catalog';
import { DEFAULT_MORTGAGE_INFO, topProfilePayloadSchema, type TopProfilePayload } from '@kvarta/contract/selection';
import { withMortgagePayments } from '../mortgage';
import { badRequest, notFound } from '../core/errors';
import { route } from '../http/route';
import { reactionsOf, saveReaction } from './repository/reactions';
import { countReactionByIndex } from './reaction-index';
import { getTopProfile, saveTopProfile } from './repository/profiles';
import { itemWithReaction, topList, topMap, topSidebar } from './top';
import { personalisationOf, setPersonalisation } from './personalisation';
import { rankedPage } from './selection-cache';
import { userSelection } from './user-selection';

/** TOP (LEXS) and favourites: profile, ranked list, map, sidebar, reactions, liked. */
export async function selectionRoutes(app: FastifyInstance): Promise<void> {
  const defaults = (): TopProfilePayload =>
    topProfilePayloadSchema.parse({ cityIds: [DEFAULT_CITY_KLADR], priceTotalMinGte: 6_400_000, priceTotalMinLte: 9_600_000 });
  const withCity = <T extends { cityIds?: number[] }>(params: T, stored: TopProfilePayload | null) => {
    const cityIds = params.cityIds?.length ? params.cityIds : (stored?.cityIds ?? [DEFAULT_CITY_KLADR]);
    if (!app.cities.has(cityIds[0]!)) throw badRequest('cityIds: город не поддерживается');
    return { ...(stored ?? {}), ...params, cityIds };
  };

  route(app, 'personalisationGet', {
    handler: async ({ user, reply }) => {
      reply.header('Cache-Control', 'no-store');
      return personalisationOf(app.db, user.unsavedSession === undefined ? user.id : null);
    },
  });
  route(app, 'personalisationSet', {
    writes: true,
    handler: async ({ body, user }) => {
      const result = await setPersonalisation(app.db, user.id, body.personalised);
      // Back on: AI search, paused meanwhile (lira/matcher.ts), looks again now rather than at its next round.
      if (result.personalised) app.liraMatcher.wake(user.id);
      return result;
    },
  });
  route(app, 'topProfile', {
    handler: async ({ user }) => {
      const profile = await getTopProfile(app.db, user.id);
      // Spec §7: a failure means "no profile"; the client then PUTs the defaults.
      if (!profile) throw notFound('Профиль ТОП не создан');
      return profile;
    },
  });
  route(app, 'topProfileSave', {
    writes: true,
    handler: ({ body, user }) => saveTopProfile(app.db, user.id, body),
  });
  route(app, 'topProfileEnsure', {
    writes: true,
    handler: async ({ user }) => {
      return (await getTopProfile(app.db, user.id)) ?? saveTopProfile(app.db, user.id, defaults());
    },
  });

  route(app, 'topList', {
    handler: async ({ body, user }) => {
      const { count, page, ...params } = body;
      const profile = (await userSelection(app.db, user.id)).profile;
      return rankedPage(app.db, user.id, JSON.stringify(body), app.memory.version, () =>
        topList(app, user.id, withCity(params, profile), page, count),
      );
    },
  });
  // The same ranking for someone with no history: what a first visit shows, rendered on the server.
  route(app, 'topGuestList', {
    handler: ({ body }) => {
      const { count, page, ...params } = body;
      return topList(app, null, withCity(params, null), page, count);
    },
  });
  const mapRoute = (name: 'topMap' | 'topMapGrouped') =>
    route(app, name, {
      handler: async ({ body, user }) => {
        const { count: _count, page: _page, ...params } = body;
        const profile = withCity(params, (await userSelection(app.db, user.id)).profile);
        return withMortgagePayments(app, await topMap(app, user.id, profile), profile.mortgageInfo ?? DEFAULT_MORTGAGE_INFO);
      },
    });
  mapRoute('topMap');
  mapRoute('topMapGrouped');

  route(app, 'topSidebar', { handler: ({ body, user }) => topSidebar(app, user.id, body.apartmentIds) });

  route(app, 'topReaction', {
    writes: true,
    handler: async ({ body, user }) => {
      const apartment = app.memory.apartments.get(body.apartmentId);
      if (!apartment) throw notFound('Not Found', { apartmentId: body.apartmentId });
      await countReactionByIndex(app, user.id, apartment, body.action);
      await saveReaction(app.db, user.id, apartment, body.action, body.notices, 'LEXS');
      return { apartmentId: body.apartmentId, action: body.action };
    },
  });

  route(app, 'topLiked', {
    handler: async ({ user }) => {
      const reactions = await reactionsOf(app.db, user.id);
      return [...reactions.entries()]
        .filter(([, r]) => r.action === 'LIKE')
        .map(([id]) => itemWithReaction(app, id, reactions, { selectionType: 'FAV' }))
        .filter((i): i is ApartmentItem => i !== null);
    },
  });
}
