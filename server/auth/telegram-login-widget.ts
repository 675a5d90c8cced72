import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { MAX_CLOCK_SKEW_SECONDS, type InitDataUser } from './telegram-init-data';

/**
 * Telegram Login Widget: HMAC-SHA256 over the sorted `key=value` lines of every field but `hash`,
 * keyed with SHA-256(bot token) — unlike initData, which keys with HMAC("WebAppData", token).
 */
export function loginWidgetHash(fields: Record<string, string>, botToken: string): string {
  const check = Object.entries(fields)
    .filter(([key]) => key !== 'hash')
    .map(([key, value]) => `${key}=${value}`)
    .sort()
    .join('\n');
  return createHmac('sha256', createHash('sha256').update(botToken).digest()).update(check).digest('hex');
}

export type LoginWidgetCheck = { ok: true; user: InitDataUser } | { ok: false; reason: string };

export function verifyLoginWidget(
  fields: Record<string, string>,
  botToken: string,
  maxAgeSeconds: number,
  now = Date.now(),
): LoginWidgetCheck {
  const hash = fields.hash;
  if (!hash || !/^[0-9a-f]{64}$/.test(hash)) return { ok: false, reason: 'no hash' };
  if (!timingSafeEqual(Buffer.from(loginWidgetHash(fields, botToken), 'hex'), Buffer.from(hash, 'hex')))
    return { ok: false, reason: 'bad hash' };
  const authDate = Number(fields.auth_date);
  if (!Number.isInteger(authDate) || now / 1000 - authDate > maxAgeSeconds) return { ok: false, reason: 'stale' };
  // A date from the future is a forged or replay-prepared payload, not a slow clock: a minute of skew only.
  if (authDate - now / 1000 > MAX_CLOCK_SKEW_SECONDS) return { ok: false, reason: 'future' };
  const id = Number(fields.id);
  if (!Number.isSafeInteger(id) || id <= 0) return { ok: false, reason: 'bad user' };
  return { ok: true, user: { id, first_name: fields.first_name ?? '', last_name: fields.last_name, username: fields.username } };
}
