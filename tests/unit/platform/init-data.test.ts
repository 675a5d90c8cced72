import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DEV_BOT_TOKEN } from '../../../server/auth/dev-bot';
import { signInitData, verifyInitData } from '../../../server/auth/telegram-init-data';
import { tmaLaunchUrl } from '../../../scripts/tma-launch-url';

const now = Date.UTC(2026, 10, 22, 12);
const authDate = Math.floor(now / 1000) - 60;
const user = { id: 1001, first_name: 'Иван' };

/** Telegram's algorithm written out independently of the module under test. */
function independentHash(raw: string, token: string): string {
  const params = new URLSearchParams(raw);
  const check = [...params.entries()]
    .filter(([k]) => k !== 'hash')
    .map(([k, v]) => `${k}=${v}`)
    .sort()
    .join('\n');
  const key = createHmac('sha256', 'WebAppData').update(token).digest();
  return createHmac('sha256', key).update(check).digest('hex');
}

describe('Telegram initData', () => {
  it('signs like Telegram (signature kept in the check string) and verifies', () => {
    const raw = signInitData({ user, authDate }, DEV_BOT_TOKEN);
    expect(new URLSearchParams(raw).get('hash')).toBe(independentHash(raw, DEV_BOT_TOKEN));
    expect(new URLSearchParams(raw).get('signature')).toBeTruthy();
    expect(verifyInitData(raw, DEV_BOT_TOKEN, 86_400, now)).toMatchObject({ ok: true, user: { id: 1001 } });
  });

  it('rejects a changed user id, another bot token, a forged hash and stale data', () => {
    const raw = signInitData({ user, authDate }, DEV_BOT_TOKEN);
    const tampered = new URLSearchParams(raw);
    tampered.set('user', JSON.stringify({ ...user, id: 1002 }));
    expect(verifyInitData(tampered.toString(), DEV_BOT_TOKEN, 86_400, now)).toEqual({ ok: false, reason: 'bad hash' });
    expect(verifyInitData(raw, '123:other', 86_400, now)).toEqual({ ok: false, reason: 'bad hash' });
    const forged = new URLSearchParams(raw);
    forged.set('hash', '0'.repeat(64));
    expect(verifyInitData(forged.toString(), DEV_BOT_TOKEN, 86_400, now).ok).toBe(false);
    const old = signInitData({ user, authDate: authDate - 86_400 }, DEV_BOT_TOKEN);
    expect(verifyInitData(old, DEV_BOT_TOKEN, 86_400, now)).toEqual({ ok: false, reason: 'stale' });
  });

  it('builds a /tma/ launch URL whose initData verifies', () => {
    const url = new URL(
      tmaLaunchUrl({ base: 'http://localhost:8080', userId: 7, name: 'Анна', dark: true, authDate, botToken: DEV_BOT_TOKEN }),
    );
    expect(url.pathname).toBe('/tma/');
    const hash = new URLSearchParams(url.hash.slice(1));
    expect(JSON.parse(hash.get('tgWebAppThemeParams')!).bg_color).toBe('#17212b');
    expect(verifyInitData(hash.get('tgWebAppData')!, DEV_BOT_TOKEN, 86_400, now)).toMatchObject({
      ok: true,
      user: { id: 7, first_name: 'Анна' },
    });
  });
});
