import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API_PATHS } from '../../src/shared/api/contract/paths';
import {
  extensionPayloadSchema,
  filtersCheckBodySchema,
  liraFeedbackSchema,
  liraMapQuerySchema,
  liraProfilePayloadSchema,
  liraSidebarQuerySchema,
  liraStatusBodySchema,
  liraVariantQuerySchema,
  type LiraFilters,
} from '../../src/shared/api/contract/lira';
import type { AppContext } from '../context';
import { HttpError, badRequest, forbidden, notFound } from '../http/errors';
import { route } from '../http/route';
import { archiveUnratedSuggestions } from '../lira/agent';
import { decideStatus } from '../lira/status';
import { defaultSettings, findLiraProfile, profileView, saveLiraProfile, saveLiraSettings, setLiraStatus } from '../lira/profiles';
import { filtersCheck, liraMap, liraSidebar, liraStatistics, liraVariantList } from '../lira/suggestions';
import { saveReaction } from '../selection/reactions';
import { findSubscription } from '../subscription/subscriptions';

const NO_PROFILE = 'Профиль ИИ Поиска не создан';
const RUNNING = new Set(['START', 'ACTIVE', 'CANCELLED']);

/** AI search (LIRA, issue 6): profile, extension, status, checks, suggestions, map, sidebar, feedback. */
export function liraRoutes(app: FastifyInstance, ctx: AppContext): void {
  /** Spec §6: AI search is for users signed in through the bot. */
  const signedIn = async (request: FastifyRequest) => {
    const user = await ctx.auth.requireUser(request);
    if (user.isAnonymous) throw forbidden('Для ИИ Поиска войдите через Telegram');
    return user;
  };
  const checkCity = (filters: LiraFilters) => {
    if (!ctx.cities.has(filters.cityIds[0]!)) throw badRequest('filters.cityIds: город не поддерживается');
  };
  const profileOf = async (userId: number) => {
    const profile = await findLiraProfile(ctx.db, userId);
    if (!profile) throw notFound(NO_PROFILE);
    return profile;
  };
  /** A changed profile or extension starts a fresh list and, while the agent runs, a new first batch. */
  const restart = async (userId: number, status: string) => {
    await archiveUnratedSuggestions(ctx, userId);
    if (RUNNING.has(status)) ctx.liraAgent.wake(userId);
  };

  route(app, {
    method: 'GET',
    url: API_PATHS.LIRA_PROFILE,
    handler: async ({ request }) => profileView(await profileOf((await ctx.auth.requireUser(request)).id)),
  });
  for (const method of ['POST', 'PUT'] as const) {
    route(app, {
      method,
      url: API_PATHS.LIRA_PROFILE,
      body: liraProfilePayloadSchema,
      handler: async ({ body, request }) => {
        const user = await signedIn(request);
        checkCity(body.filters);
        const { profile, created, changed } = await saveLiraProfile(ctx.db, user.id, body, ctx.now());
        if (changed && !created) await restart(user.id, profile.status);
        return profileView(profile);
      },
    });
  }

  route(app, {
    method: 'PUT',
    url: API_PATHS.LIRA_PROFILE_SETTINGS,
    body: extensionPayloadSchema,
    handler: async ({ body, request }) => {
      const user = await signedIn(request);
      const saved = await saveLiraSettings(ctx.db, user.id, body, ctx.now());
      if (!saved) throw notFound(NO_PROFILE);
      if (saved.changed) await restart(user.id, saved.profile.status);
      return profileView(saved.profile);
    },
  });

  route(app, {
    method: 'PUT',
    url: API_PATHS.LIRA_PROFILE_STATUS,
    body: liraStatusBodySchema,
    handler: async ({ body, request }) => {
      const user = await signedIn(request);
      await profileOf(user.id);
      const now = ctx.now();
      const decision = decideStatus(body.status, await findSubscription(ctx.db, user.id), now);
      if ('error' in decision) throw new HttpError(402, decision.error);
      await setLiraStatus(ctx.db, user.id, decision.status, now);
      // START: the first batch comes within seconds, not at the next tick.
      if (RUNNING.has(decision.status)) ctx.liraAgent.wake(user.id);
      return { status: decision.status };
    },
  });

  route(app, {
    method: 'POST',
    url: API_PATHS.LIRA_FILTERS_CHECK,
    body: filtersCheckBodySchema,
    handler: async ({ body, request }) => {
      const user = await ctx.auth.requireUser(request);
      checkCity(body.filters);
      const profile = await findLiraProfile(ctx.db, user.id);
      const payload = { filters: body.filters, portraitId: body.portraitId ?? null, wishGroups: body.wishGroups ?? {} };
      return filtersCheck(ctx, payload, profile?.settings ?? defaultSettings(payload));
    },
  });

  route(app, {
    method: 'GET',
    url: API_PATHS.LIRA_STATISTICS,
    handler: async ({ request }) => liraStatistics(ctx, await profileOf((await ctx.auth.requireUser(request)).id)),
  });

  route(app, {
    method: 'GET',
    url: API_PATHS.LIRA_VARIANT,
    query: liraVariantQuerySchema,
    handler: async ({ query, request }) => {
      const user = await ctx.auth.requireUser(request);
      const profile = await findLiraProfile(ctx.db, user.id);
      // No profile yet: an empty list, so the page's polling needs no special case.
      if (!profile) return { items: [], meta: { totalItems: 0, page: query.page, size: query.size } };
      return liraVariantList(ctx, profile, query);
    },
  });

  for (const [url, grouped] of [[API_PATHS.LIRA_MAP, false], [API_PATHS.LIRA_MAP_GROUPED, true]] as const) {
    route(app, {
      method: 'GET',
      url,
      query: liraMapQuerySchema,
      handler: async ({ query, request }) => {
        const user = await ctx.auth.requireUser(request);
        const profile = await findLiraProfile(ctx.db, user.id);
        return profile ? liraMap(ctx, profile, query.showSold, grouped) : [];
      },
    });
  }

  route(app, {
    method: 'GET',
    url: API_PATHS.LIRA_SIDEBAR,
    query: liraSidebarQuerySchema,
    handler: async ({ query, request }) => {
      const user = await ctx.auth.requireUser(request);
      return liraSidebar(ctx, await findLiraProfile(ctx.db, user.id), query.apartmentIds);
    },
  });

  route(app, {
    method: 'POST',
    url: API_PATHS.LIRA_FEEDBACK,
    body: liraFeedbackSchema,
    handler: async ({ body, request }) => {
      const user = await ctx.auth.requireUser(request);
      const apartment = ctx.memory.apartments.get(body.apartmentId);
      if (!apartment) throw notFound('Not Found', { apartmentId: body.apartmentId });
      await saveReaction(ctx.db, ctx.engine, user.id, apartment, body.action, body.notices, 'LIRA_4');
      return { apartmentId: body.apartmentId, action: body.action };
    },
  });
}
