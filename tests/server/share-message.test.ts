import { describe, expect, it } from 'vitest';
import type { InlineQueryResultArticle, InputTextMessageContent } from 'grammy/types';
import type { OfflineBot } from '../../server/dev/telegram/offline-bot';
import { LISTING_SHARE_CHATS, OPEN_LISTING_BUTTON, listingShareResult } from '../../server/bot/share-listing';
import { SHARE_MINI_APP_ONLY } from '../../server/bot/routes';
import { apartmentFacts, cachedCityList } from '../../server/seo/page-meta';
import { hostile, signedInUser, useTestServer } from './helpers';
import { offlineGrammy } from './offline-grammy';

describe('a listing prepared for sharing from the Mini App (savePreparedInlineMessage)', () => {
  const server = useTestServer('pglite', { rateLimits: { shareMessagesPerUser: { limit: 3, windowMs: 600_000 } } });
  const firstApartment = () => [...server.memory().apartments.values()][0]!;

  it('prepares the listing for the Mini App user: an article with the page’s link, its preview and an «Открыть» button', async () => {
    const user = await signedInUser(server);
    const apartment = firstApartment();
    const res = await server.request('apartmentShareMessage', { params: { apartId: apartment.id }, token: user.miniAppToken });
    expect(res.status).toBe(200);
    expect(res.body.data.expirationDate).toBeGreaterThan(Date.now() / 1000);
    // The stand-in kept what Telegram would send, for this Telegram user only.
    const kept = (server.app.bot as OfflineBot).preparedMessage(res.body.data.id)!;
    expect(kept.userId).toBe(user.telegramId);
    expect(kept.chats).toEqual(LISTING_SHARE_CHATS);
    const result = kept.result as InlineQueryResultArticle;
    const facts = apartmentFacts(server.memory(), await cachedCityList(server.db)(), apartment.id)!;
    const url = `http://localhost:80/${facts.city.link}/apart/${apartment.id}`;
    expect(result).toMatchObject({ type: 'article', id: `apart_${apartment.id}`, title: facts.heading, url });
    const content = result.input_message_content as InputTextMessageContent;
    expect(content.message_text).toBe(`${facts.heading}\n${facts.price}\n${facts.place}\n${url}`);
    expect(content.link_preview_options).toEqual({ url, prefer_large_media: true });
    expect(result.reply_markup).toEqual({ inline_keyboard: [[{ text: OPEN_LISTING_BUTTON, url }]] });
    // No thumbnail from a plain-http origin: Telegram could not fetch it.
    expect(result.thumbnail_url).toBeUndefined();
  });

  it('a public https origin adds the listing’s own card as the thumbnail', async () => {
    const facts = apartmentFacts(server.memory(), await cachedCityList(server.db)(), firstApartment().id)!;
    const result = listingShareResult(facts, 'https://kvarta.example');
    expect(result.thumbnail_url).toBe(`https://kvarta.example/api/media/apart/${facts.apartment.id}/preview.png`);
  });

  it('only a session started in the Mini App gets one: the same account on the website, an anonymous or no token do not', async () => {
    const user = await signedInUser(server);
    const params = { apartId: firstApartment().id };
    const website = await server.request('apartmentShareMessage', { params, token: user.token });
    expect(website.status).toBe(403);
    expect(website.body.message).toBe(SHARE_MINI_APP_ONLY);
    const anonymous = await server.request('apartmentShareMessage', { params, token: await server.anonymousToken() });
    expect(anonymous.status).toBe(403);
    expect(anonymous.body.message).toBe(SHARE_MINI_APP_ONLY);
    expect((await server.request('apartmentShareMessage', { params })).status).toBe(401);
  });

  it('an unknown listing is a 404 and a malformed id a 400, in the envelope', async () => {
    const user = await signedInUser(server);
    const missing = await server.request('apartmentShareMessage', { params: { apartId: 2_000_000_000 }, token: user.miniAppToken });
    expect(missing.status).toBe(404);
    expect(missing.body.result).toBe('error');
    const bad = await server.request('apartmentShareMessage', { params: { apartId: hostile('abc') }, token: user.miniAppToken });
    expect(bad.status).toBe(400);
    expect(bad.body.result).toBe('error');
  });

  it('is limited per user: over the limit a 429 in Russian, and other users are not affected', async () => {
    const [user, other] = [await signedInUser(server), await signedInUser(server)];
    const params = { apartId: firstApartment().id };
    for (let i = 0; i < 3; i++)
      expect((await server.request('apartmentShareMessage', { params, token: user.miniAppToken })).status).toBe(200);
    const over = await server.request('apartmentShareMessage', { params, token: user.miniAppToken });
    expect(over.status).toBe(429);
    expect(over.body.message).toMatch(/^Слишком много попыток поделиться/);
    expect((await server.request('apartmentShareMessage', { params, token: other.miniAppToken })).status).toBe(200);
  });
});

describe('the real bot’s savePreparedInlineMessage', () => {
  it('calls the Bot API method with the user, the result and the allowed chats, and returns Telegram’s answer', async () => {
    const { bot, calls } = offlineGrammy({ onStart: async () => ({ text: '', buttons: [] }) }, () => ({
      id: 'prepared-1',
      expiration_date: 1_900_000_000,
    }));
    const result: InlineQueryResultArticle = {
      type: 'article',
      id: 'apart_1',
      title: 'Студия',
      input_message_content: { message_text: 'Студия' },
    };
    const answer = await bot.savePreparedInlineMessage(42, result, LISTING_SHARE_CHATS);
    expect(answer).toEqual({ id: 'prepared-1', expiration_date: 1_900_000_000 });
    expect(calls).toEqual([
      {
        method: 'savePreparedInlineMessage',
        payload: {
          user_id: 42,
          result,
          allow_user_chats: true,
          allow_bot_chats: false,
          allow_group_chats: true,
          allow_channel_chats: false,
        },
      },
    ]);
  });
});
