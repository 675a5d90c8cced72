import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Telegram Mini App initData: HMAC-SHA256 over the sorted `key=value` lines (all fields but
 * `hash`, `signature` included), keyed with HMAC-SHA256("WebAppData", bot token).
 */
function dataCheckString(params: URLSearchParams): string {
  return [...params.entries()]
    .filter(([key]) => key !== 'hash')
    .map(([key, value]) => `${key}=${value}`)
    .sort()
    .join('\n');
}

function secretKey(botToken: string): Buffer {
  return createHmac('sha256', 'WebAppData').update(botToken).digest();
}

/** How far ahead of the server's clock a Telegram auth_date may be. */
export const MAX_CLOCK_SKEW_SECONDS = 60;

export interface InitDataUser {
  id: number;
  first_name: string;
  last_name?: string;
  username?: string;
  language_code?: string;
}

/** Signs initData like Telegram does; for tests and the offline stand-in. */
export function signInitData(
  fields: { user: InitDataUser; authDate: number; queryId?: string; startParam?: string },
  botToken: string,
): string {
  const params = new URLSearchParams();
  params.set('user', JSON.stringify(fields.user));
  params.set('auth_date', String(fields.authDate));
  if (fields.queryId) params.set('query_id', fields.queryId);
  if (fields.startParam) params.set('start_param', fields.startParam);
  // Ed25519 third-party signature placeholder: real clients send one, and it stays in the check string.
  params.set('signature', 'dev');
  params.set('hash', createHmac('sha256', secretKey(botToken)).update(dataCheckString(params)).digest('hex'));
  return params.toString();
}

export type InitDataCheck = { ok: true; user: InitDataUser; authDate: number } | { ok: false; reason: string };

export function verifyInitData(raw: string, botToken: string, maxAgeSeconds: number, now = Date.now()): InitDataCheck {
  const params = new URLSearchParams(raw);
  const hash = params.get('hash');
  if (!hash || !/^[0-9a-f]{64}$/.test(hash)) return { ok: false, reason: 'no hash' };
  const expected = createHmac('sha256', secretKey(botToken)).update(dataCheckString(params)).digest();
  if (!timingSafeEqual(expected, Buffer.from(hash, 'hex'))) return { ok: false, reason: 'bad hash' };
  const authDate = Number(params.get('auth_date'));
  if (!Number.isInteger(authDate) || now / 1000 - authDate > maxAgeSeconds) return { ok: false, reason: 'stale' };
  // A date from the future is a forged or replay-prepared payload, not a slow clock: a minute of skew only.
  if (authDate - now / 1000 > MAX_CLOCK_SKEW_SECONDS) return { ok: false, reason: 'future' };
  try {
    const user = JSON.parse(params.get('user') ?? '') as InitDataUser;
    if (!Number.isInteger(user.id) || user.id <= 0) return { ok: false, reason: 'bad user' };
    return { ok: true, user, authDate };
  } catch {
    return { ok: false, reason: 'bad user' };
  }
}
