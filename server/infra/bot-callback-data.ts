import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signed callback_data. A Telegram client can send any callback_data for a message it sees, so a button that
 * changes a user's data carries a tag: an HMAC (keyed by the bot's token) over the chat it was sent to and its
 * body. A tag made for one chat does not verify in another; an edited body does not verify at all.
 * Telegram allows 64 bytes: the tag takes 13 (a colon and 12 base64url characters).
 */
const TAG_LENGTH = 12;

const keys = new Map<string, Buffer>();
function keyOf(botToken: string): Buffer {
  let key = keys.get(botToken);
  if (!key) {
    key = createHmac('sha256', 'kvarta/callback-data').update(botToken).digest();
    keys.set(botToken, key);
  }
  return key;
}

const tagOf = (botToken: string, chatId: number, body: string) =>
  createHmac('sha256', keyOf(botToken)).update(`${chatId}|${body}`).digest('base64url').slice(0, TAG_LENGTH);

export function signCallbackData(botToken: string, chatId: number, body: string): string {
  const data = `${body}:${tagOf(botToken, chatId, body)}`;
  if (Buffer.byteLength(data) > 64) throw new Error(`callback_data длиннее 64 байт: ${data}`);
  return data;
}

/** The body of data signed for this chat, or null (no tag, a wrong one, or one made for another chat). */
export function verifyCallbackData(botToken: string, chatId: number, data: string): string | null {
  const cut = data.lastIndexOf(':');
  if (cut <= 0 || data.length - cut - 1 !== TAG_LENGTH) return null;
  const body = data.slice(0, cut);
  const given = Buffer.from(data.slice(cut + 1));
  const expected = Buffer.from(tagOf(botToken, chatId, body));
  return given.length === expected.length && timingSafeEqual(given, expected) ? body : null;
}
