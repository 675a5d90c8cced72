import type { FastifyInstance } from 'fastify';
import { DEFAULT_MORTGAGE_INFO } from '@kvarta/contract/selection';
import { withMortgagePayments } from '../mortgage';
import type { LiraFilters } from '@kvarta/contract/lira';
import { LIRA_SERVICE_TYPE, isLiraRunning, type LiraStatus } from '@kvarta/contract/lira-rules';
import { HttpError } from '../http/errors';
import { badRequest, notFound } from '../core/errors';
import { route } from '../http/route';
import { archiveUnratedSuggestions } from './matcher';
import { decideStatus } from './status';
import { defaultSettings, findLiraProfile, profileView, saveLiraProfile, saveLiraSettings, setLiraStatus } from './profiles';
import { filtersCheck, liraMap, liraSidebar, liraStatistics, liraVariantList } from './suggestions';
import { saveReaction } from '../selection/repository/reactions';
import { countReactionByIndex } from '../selection/reaction-index';
import { findSubscription } from '../subscription/subscriptions';

const NO_PROFILE = 'Профиль ИИ Поиска не создан';
/** Spec §6: AI search is for users signed in through the bot. */
const SIGNED_IN_ONLY = 'Для ИИ Поиска войдите через Telegram';

/** AI search (LIRA): profile, extension, status, checks, suggestions, map, sidebar, feedback. */
export async function liraRoutes(app: FastifyInstance): Promise<void> {
  const checkCity = (filters: LiraFilters) => {
    if (!app.cities.has(filters.cityIds[0]!)) throw badRequest('filters.cityIds: город не поддерживается');
  };
  const profileOf = async (userId: number) => {
    const profile = await findLiraProfile(app.db, userId);
    if (!profile) throw notFound(NO_PROFILE);
    return profile;
  };
  /** A changed profile or extension starts a fresh list and, while the agent runs, a new first batch. */
  const restart = async (userId: number, status: LiraStatus) => {
    await archiveUnratedSuggestions(app, userId);
    if (isLiraRunning(status)) app.liraMatcher.wake(userId);
  };

  route(app, 'liraProfile', { handler: async ({ user }) => profileView(await profileOf(user.id)) });
  for (const name of ['liraProfileCreate', 'liraProfileUpdate'] as const) {
    route(app, name, {
      anonymousMessage: SIGNED_IN_ONLY,
      handler: async ({ body, user }) => {
        checkCity(body.filters);
        const { profile, created, changed } = await saveLiraProfile(app.db, user.id, body, app.now());
        if (changed && !created) await restart(user.id, profile.status);
        return profileView(profile);
      },
    });
  }

  route(app, 'liraSettings', {
    anonymousMessage: SIGNED_IN_ONLY,
    handler: async ({ body, user }) => {
      const saved = await saveLiraSettings(app.db, user.id, body, app.now());
      if (!saved) throw notFound(NO_PROFILE);
      if (saved.changed) await restart(user.id, saved.profile.status);
      return profileView(saved.profile);
    },
  });

  route(app, 'liraStatus', {
    anonymousMessage: SIGNED_IN_ONLY,
    handler: async ({ body, user }) => {
      const profile = await profileOf(user.id);
      const now = app.now();
      const decision = decideStatus(body.status, profile.status, await findSubscription(app.db, user.id), now);
      if ('error' in decision) throw new HttpError(402, decision.error);
      await setLiraStatus(app.db, user.id, decision.status, now);
      // START: the first batch comes within seconds, not at the next tick.
      if (isLiraRunning(decision.status)) app.liraMatcher.wake(user.id);
      return { status: decision.status };
    },
  });

  route(app, 'liraFiltersCheck', {
    handler: async ({ body, user }) => {
      checkCity(body.filters);
      const profile = await findLiraProfile(app.db, user.id);
      const payload = {
        filters: body.filters,
        portraitId: body.portraitId ?? null,
        wishGroups: body.wishGroups ?? {},
        mortgageInfo: DEFAULT_MORTGAGE_INFO,
      };
      return filtersCheck(app, payload, profile?.settings ?? defaultSettings(payload));
    },
  });

  route(app, 'liraStatistics', { handler: async ({ user }) => liraStatistics(app, await profileOf(user.id)) });

  route(app, 'liraVariantList', {
    handler: async ({ query, user }) => {
      const profile = await findLiraProfile(app.db, user.id);
      // No profile yet: an empty list, so the page's polling needs no special case.
      if (!profile) return { items: [], meta: { totalItems: 0, page: query.page, size: query.size } };
      return liraVariantList(app, profile, query);
    },
  });

  for (const [name, grouped] of [
    ['liraMap', false],
    ['liraMapGrouped', true],
  ] as const) {
    route(app, name, {
      handler: async ({ query, user }) => {
        const profile = await findLiraProfile(app.db, user.id);
        if (!profile) return [];
        return withMortgagePayments(app, await liraMap(app, profile, query.showSold, grouped), profileView(profile).mortgageInfo);
      },
    });
  }

  route(app, 'liraSidebar', {
    handler: ({ query, user }) => liraSidebar(app, user.id, query.apartmentIds),
  });

  route(app, 'liraFeedback', {
    // A write like the others: anonymous users get the same 403 (their reactions live in TOP).
    anonymousMessage: SIGNED_IN_ONLY,
    handler: async ({ body, user }) => {
      const apartment = app.memory.apartments.get(body.apartmentId);
      if (!apartment) throw notFound('Not Found', { apartmentId: body.apartmentId });
      await countReactionByIndex(app, user.id, apartment, body.action);
      await saveReaction(app.db, user.id, apartment, body.action, body.notices, LIRA_SERVICE_TYPE);
      return { apartmentId: body.apartmentId, action: body.action };
    },
  });
}
