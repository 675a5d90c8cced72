import type { FastifyInstance } from 'fastify';
import { isTelegramSession } from '../http/session';
import { LISTING_SHARE_CHATS, listingShareResult } from './share-listing';
import { forbidden, notFound, unavailable } from '../core/errors';
import { route } from '../http/route';
import { apartmentFacts, cachedCityList } from '../seo/page-meta';

export const SHARE_MINI_APP_ONLY = 'Поделиться сообщением можно только из Telegram';
export const SHARE_FAILED = 'Telegram не принял сообщение. Попробуйте ещё раз';

/**
 * POST /api/apartment/{apartId}/share-message: the listing prepared as a message (Bot API savePreparedInlineMessage)
 * for the caller's Telegram account, which the Mini App passes to Telegram's share sheet. Only a session started in
 * the Mini App gets one (its signed token says so, not a header): only there can the message be sent.
 */
export async function shareRoutes(app: FastifyInstance): Promise<void> {
  const cityList = cachedCityList(app.db);
  route(app, 'apartmentShareMessage', {
    anonymousMessage: SHARE_MINI_APP_ONLY,
    handler: async ({ params, user, request }) => {
      const telegramId = Number(user.telegramId);
      if (!isTelegramSession(request) || !Number.isSafeInteger(telegramId) || telegramId <= 0) throw forbidden(SHARE_MINI_APP_ONLY);
      await app.limiters.shareMessage(user.id);
      const facts = apartmentFacts(app.memory, await cityList(), params.apartId);
      if (!facts) throw notFound('Квартира не найдена', { apartmentId: params.apartId });
      const origin = app.originOf({ host: request.host, protocol: request.protocol });
      if (!origin) throw unavailable(SHARE_FAILED);
      try {
        const prepared = await app.bot.savePreparedInlineMessage(telegramId, listingShareResult(facts, origin), LISTING_SHARE_CHATS);
        return { id: prepared.id, expirationDate: prepared.expiration_date };
      } catch (error) {
        request.log.warn({ err: error }, 'savePreparedInlineMessage refused');
        throw unavailable(SHARE_FAILED);
      }
    },
  });
}
