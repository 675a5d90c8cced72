import type { InlineQueryResultArticle } from 'grammy/types';
import { apartmentPath } from '@kvarta/contract/routes';
import { apartmentPreviewPath, type ApartmentFacts } from '../seo/page-meta';
import type { PreparedChats } from '../infra/bot-gateway';

/** A listing may go to any chat but a channel (it is a buyer's message, not a publication). */
export const LISTING_SHARE_CHATS: PreparedChats = { users: true, bots: false, groups: true, channels: false };

export const OPEN_LISTING_BUTTON = 'Открыть в Кварте';

/**
 * The message a buyer sends from the Mini App's «Поделиться»: an article, not a photo (Telegram takes only JPEG for a
 * photo result, and the listing's card is a PNG), whose text carries the website's page of the listing with its link
 * preview on: the chat draws the page's Open Graph card (its picture, price and address). The button opens the page
 * for whoever receives it, in or out of Telegram. `origin`: the site's public origin, `https://…` in production.
 */
export function listingShareResult(facts: ApartmentFacts, origin: string): InlineQueryResultArticle {
  const { apartment, city, heading, price, place } = facts;
  const url = `${origin}${apartmentPath(city.link, apartment.id)}`;
  return {
    type: 'article',
    // One result per listing: 1–64 bytes, as Telegram asks.
    id: `apart_${apartment.id}`,
    title: heading,
    description: `${price} · ${place}`,
    url,
    // Telegram fetches thumbnails itself: only a public https address is worth giving it.
    ...(origin.startsWith('https://') ? { thumbnail_url: `${origin}${apartmentPreviewPath(apartment.id)}` } : {}),
    input_message_content: {
      message_text: `${heading}\n${price}\n${place}\n${url}`,
      link_preview_options: { url, prefer_large_media: true },
    },
    reply_markup: { inline_keyboard: [[{ text: OPEN_LISTING_BUTTON, url }]] },
  };
}
