import { SignJWT, jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { handleStart } from '../../server/bot/start';
import { handleSignInCallback } from '../../server/bot/sign-in';
import { loginWidgetHash } from '../../server/auth/telegram-login-widget';
import { signInitData } from '../../server/auth/telegram-init-data';
import { DATABASES, TEST_BOT_TOKEN, TEST_SECRET, TEST_TELEGRAM, useTestServer } from './helpers';
import { streamsListening } from './binding-stream-waits';

type Ok<T> = { result: 'ok'; data: T };
type Token = { token: string; expires: number; isAnonymous: boolean };
const nowSec = () => Math.floor(Date.now() / 1000);

function widget(id: number, authDate = nowSec(), token = TEST_BOT_TOKEN): Record<string, string | number> {
  const fields = { id: String(id), first_name: 'Анна', username: 'anna', auth_date: String(authDate) };
  return { ...fields, id, auth_date: authDate, hash: loginWidgetHash(fields, token) };
}

describe.each(DATABASES)('sign-in and one account on %s', (kind) => {
  const server = useTestServer(kind);
  const userCount = async () => Number((await server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM users')).rows[0]!.n);
  const idOf = async (token: string) => Number((await jwtVerify(token, TEST_SECRET, { algorithms: ['HS256'] })).payload.id);
  const auth = (token: string) => ({ authorization: `Bearer ${token}` });
  /** /start as the given Telegram user, then «Войти» (the confirmation a bot-link sign-in now needs). */
  const startAndConfirm = async (token: string, user: { id: number; first_name: string }) => {
    await handleStart(server.app, token, user);
    return handleSignInCallback(server.app, `signin:ok:${token}`, user);
  };
  const loginInitData = (initData: string, token?: string) =>
    server.call<Ok<Token>>({
      method: 'POST',
      url: '/passport/data/login/telegram/init-data',
      payload: { initData },
      headers: token ? auth(token) : {},
    });

  describe('security: rejected with 401/400 and nothing changed', () => {
    it('a forged initData hash', async () => {
      const before = await userCount();
      const raw = new URLSearchParams(signInitData({ user: { id: 501, first_name: 'A' }, authDate: nowSec() }, TEST_BOT_TOKEN));
      raw.set('hash', 'f'.repeat(64));
      expect((await loginInitData(raw.toString())).status).toBe(401);
      expect(await userCount()).toBe(before);
    });

    it('a valid initData with a changed user id', async () => {
      const before = await userCount();
      const raw = new URLSearchParams(signInitData({ user: { id: 502, first_name: 'A' }, authDate: nowSec() }, TEST_BOT_TOKEN));
      raw.set('user', JSON.stringify({ id: 999, first_name: 'A' }));
      expect((await loginInitData(raw.toString())).status).toBe(401);
      expect(await userCount()).toBe(before);
    });

    it('initData older than 24 h, or signed by another bot', async () => {
      const before = await userCount();
      expect(
        (await loginInitData(signInitData({ user: { id: 503, first_name: 'A' }, authDate: nowSec() - 86_401 }, TEST_BOT_TOKEN))).status,
      ).toBe(401);
      expect(
        (
          await loginInitData(
            signInitData({ user: { id: 503, first_name: 'A' }, authDate: nowSec() }, '999:another_bot_token_xxxxxxxxxxxx'),
          )
        ).status,
      ).toBe(401);
      expect(await userCount()).toBe(before);
    });

    it('a Login Widget payload with a wrong hash or a stale auth_date', async () => {
      const before = await userCount();
      const wrong = { ...widget(504), hash: 'a'.repeat(64) };
      expect((await server.call({ method: 'POST', url: '/passport/data/login/telegram', payload: wrong })).status).toBe(401);
      expect(
        (await server.call({ method: 'POST', url: '/passport/data/login/telegram', payload: widget(504, nowSec() - 90_000) })).status,
      ).toBe(401);
      expect(
        (await server.call({ method: 'POST', url: '/passport/data/login/telegram', payload: { ...widget(504), hash: 'not-hex' } })).status,
      ).toBe(400);
      expect(await userCount()).toBe(before);
    });

    it('a JWT signed with another key, and one with alg none', async () => {
      const other = await new SignJWT({ id: 1, isAnonymous: false, ver: 0 })
        .setProtectedHeader({ alg: 'HS256' })
        .setExpirationTime('1h')
        .sign(new TextEncoder().encode('x'.repeat(40)));
      expect((await server.call({ method: 'GET', url: '/api/cabinet/profile', headers: auth(other) })).status).toBe(401);
      const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
      const none = `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ id: 1, isAnonymous: false, ver: 0, exp: nowSec() + 3600 })}.`;
      expect((await server.call({ method: 'GET', url: '/api/cabinet/profile', headers: auth(none) })).status).toBe(401);
    });

    it('a replayed binding token and an expired one', async () => {
      const anon = await server.anonymousToken();
      const info = await server.call<Ok<{ telegramBindingToken: string }>>({
        method: 'POST',
        url: '/passport/data/telegram',
        payload: { type: 'login' },
        headers: auth(anon),
      });
      const token = info.body.data.telegramBindingToken;
      expect(token).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
      const first = await startAndConfirm(token, { id: 505, first_name: 'Б' });
      expect(first).toBe('Вход подтверждён');
      const before = await userCount();
      const replay = await handleStart(server.app, token, { id: 506, first_name: 'Злоумышленник' });
      expect(replay.text).toMatch(/уже использована/);
      expect(await userCount()).toBe(before);
      const fresh = await server.call<Ok<{ telegramBindingToken: string }>>({
        method: 'POST',
        url: '/passport/data/telegram',
        payload: { type: 'login' },
        headers: auth(anon),
      });
      await server.db.query(`UPDATE telegram_bindings SET expires_at = now() - interval '1 minute' WHERE token = $1`, [
        fresh.body.data.telegramBindingToken,
      ]);
      const expired = await handleStart(server.app, fresh.body.data.telegramBindingToken, { id: 507, first_name: 'В' });
      expect(expired.text).toMatch(/устарела/);
      expect(await userCount()).toBe(before);
    });

    it("user A's token reads and changes only A's profile", async () => {
      const a = (await loginInitData(signInitData({ user: { id: 510, first_name: 'Алиса' }, authDate: nowSec() }, TEST_BOT_TOKEN))).body
        .data.token;
      const b = (await loginInitData(signInitData({ user: { id: 511, first_name: 'Борис' }, authDate: nowSec() }, TEST_BOT_TOKEN))).body
        .data.token;
      await server.call({ method: 'PUT', url: '/api/cabinet/profile', payload: { name: 'Алиса Новая', cityId: 77 }, headers: auth(a) });
      const profileB = await server.call<Ok<{ name: string; cityId: number | null }>>({
        method: 'GET',
        url: '/api/cabinet/profile',
        headers: auth(b),
      });
      expect(profileB.body.data).toMatchObject({ name: 'Борис', cityId: null });
      // Nobody can address another user: the profile comes from the token only.
      const sneaky = await server.call({
        method: 'PUT',
        url: '/api/cabinet/profile',
        payload: { id: await idOf(b), name: 'Взлом' },
        headers: auth(a),
      });
      expect(sneaky.status).toBe(400);
      expect(
        (await server.call<Ok<{ name: string }>>({ method: 'GET', url: '/api/cabinet/profile', headers: auth(b) })).body.data.name,
      ).toBe('Борис');
    });
  });

  describe('one account across the website and the Mini App', () => {
    it('the Login Widget and initData of the same Telegram user reach the same account', async () => {
      const web = await server.call<Ok<Token>>({ method: 'POST', url: '/passport/data/login/telegram', payload: widget(520) });
      expect(web.status).toBe(200);
      expect(web.body.data.isAnonymous).toBe(false);
      const tma = await loginInitData(signInitData({ user: { id: 520, first_name: 'Анна' }, authDate: nowSec() }, TEST_BOT_TOKEN));
      expect(await idOf(tma.body.data.token)).toBe(await idOf(web.body.data.token));
    });

    it('an anonymous user who signs in becomes the account (their row, their likes), and their old token is still theirs', async () => {
      const anon = await server.anonymousToken();
      const apartmentId = [...server.memory().apartments.keys()][0]!;
      await server.call({
        method: 'POST',
        url: '/api/selection/swipe/evaluate-variant',
        headers: auth(anon),
        payload: { apartmentId, action: 'LIKE' },
      });
      const before = await userCount();
      const signed = await loginInitData(signInitData({ user: { id: 521, first_name: 'Ира' }, authDate: nowSec() }, TEST_BOT_TOKEN), anon);
      expect(await userCount()).toBe(before);
      const liked = await server.call<Ok<{ id: number }[]>>({
        method: 'GET',
        url: '/api/selection/swipe/profile/liked',
        headers: auth(signed.body.data.token),
      });
      expect(liked.body.data.map((item) => item.id)).toEqual([apartmentId]);
      for (const token of [signed.body.data.token, anon]) {
        const profile = await server.call<Ok<{ connectedToTelegram: boolean }>>({
          method: 'GET',
          url: '/api/cabinet/profile',
          headers: auth(token),
        });
        expect(profile.body.data.connectedToTelegram).toBe(true);
      }
    });

    it('an anonymous user signing into an existing account is merged and their anonymous token retired', async () => {
      const existing = await loginInitData(signInitData({ user: { id: 522, first_name: 'Олег' }, authDate: nowSec() }, TEST_BOT_TOKEN));
      const anon = await server.anonymousToken();
      const signed = await loginInitData(signInitData({ user: { id: 522, first_name: 'Олег' }, authDate: nowSec() }, TEST_BOT_TOKEN), anon);
      expect(await idOf(signed.body.data.token)).toBe(await idOf(existing.body.data.token));
      const old = await server.call<Ok<null>>({ method: 'GET', url: '/api/cabinet/profile', headers: auth(anon) });
      expect(old.status).toBe(200);
      expect(old.body.data).toBeNull();
    });
  });

  describe('bot binding stream', () => {
    it('login: the stream sends {status: ok, token} once the bot resolves /start, then closes', async () => {
      const anon = await server.anonymousToken();
      const info = await server.call<Ok<{ eventEmitterId: string; telegramBindingToken: string; deepLink: string }>>({
        method: 'POST',
        url: '/passport/data/telegram',
        payload: { type: 'login' },
        headers: auth(anon),
      });
      expect(info.body.data.deepLink).toBe(`/dev/telegram?start=${info.body.data.telegramBindingToken}`);
      const stream = server.app.inject({
        method: 'GET',
        url: `/passport/data/events/telegram/${info.body.data.eventEmitterId}`,
        headers: auth(anon),
      });
      // The stream is waiting when the outcome comes: this is the live path, not the late one (next test).
      await streamsListening(info.body.data.eventEmitterId);
      await startAndConfirm(info.body.data.telegramBindingToken, { id: 530, first_name: 'Поток' });
      const res = await stream;
      expect(res.headers['content-type']).toContain('text/event-stream');
      const message = JSON.parse(/data: (.*)\n\n/.exec(res.body)![1]!) as { status: string; token: string };
      expect(message.status).toBe('ok');
      const payload = (await jwtVerify(message.token, TEST_SECRET, { algorithms: ['HS256'] })).payload;
      expect(payload.isAnonymous).toBe(false);
    });

    it('a stream that connects after the outcome still gets it', async () => {
      const anon = await server.anonymousToken();
      const info = await server.call<Ok<{ eventEmitterId: string; telegramBindingToken: string }>>({
        method: 'POST',
        url: '/passport/data/telegram',
        payload: { type: 'login' },
        headers: auth(anon),
      });
      await startAndConfirm(info.body.data.telegramBindingToken, { id: 531, first_name: 'Поздний' });
      const res = await server.app.inject({
        method: 'GET',
        url: `/passport/data/events/telegram/${info.body.data.eventEmitterId}`,
        headers: auth(anon),
      });
      expect(res.body).toContain('"status":"ok"');
    });

    it("binding a Telegram account that belongs to another signed-in account → 'Incorrect Auth'", async () => {
      await loginInitData(signInitData({ user: { id: 540, first_name: 'Владелец' }, authDate: nowSec() }, TEST_BOT_TOKEN));
      const other = await server.call<Ok<Token>>({ method: 'POST', url: '/passport/data/login/telegram', payload: widget(541) });
      const info = await server.call<Ok<{ eventEmitterId: string; telegramBindingToken: string }>>({
        method: 'POST',
        url: '/passport/data/telegram',
        payload: { type: 'login' },
        headers: auth(other.body.data.token),
      });
      await server.db.query(`UPDATE telegram_bindings SET type = 'binding' WHERE token = $1`, [info.body.data.telegramBindingToken]);
      const reply = await startAndConfirm(info.body.data.telegramBindingToken, { id: 540, first_name: 'Владелец' });
      expect(reply).toMatch(/уже привязан к другому профилю/);
      const res = await server.app.inject({
        method: 'GET',
        url: `/passport/data/events/telegram/${info.body.data.eventEmitterId}`,
        headers: auth(other.body.data.token),
      });
      expect(res.body).toContain('"message":"Incorrect Auth"');
    });

    it('bad stream ids and binding types are refused', async () => {
      expect((await server.call({ method: 'GET', url: '/passport/data/events/telegram/not-a-uuid' })).status).toBe(400);
      const anon = await server.anonymousToken();
      expect(
        (
          await server.call({
            method: 'GET',
            url: '/passport/data/events/telegram/00000000-0000-4000-8000-000000000000',
            headers: auth(anon),
          })
        ).status,
      ).toBe(404);
      expect(
        (await server.call({ method: 'POST', url: '/passport/data/telegram', payload: { type: 'admin' }, headers: auth(anon) })).status,
      ).toBe(400);
    });
  });

  describe('cabinet profile', () => {
    it('needs a token; a revoked token gets the empty profile', async () => {
      expect((await server.call({ method: 'GET', url: '/api/cabinet/profile' })).status).toBe(401);
      const signed = await loginInitData(signInitData({ user: { id: 550, first_name: 'Отозван' }, authDate: nowSec() }, TEST_BOT_TOKEN));
      await server.db.query('UPDATE users SET token_version = token_version + 1 WHERE id = $1', [await idOf(signed.body.data.token)]);
      const res = await server.call<Ok<null>>({ method: 'GET', url: '/api/cabinet/profile', headers: auth(signed.body.data.token) });
      expect(res.status).toBe(200);
      expect(res.body.data).toBeNull();
      expect(
        (await server.call({ method: 'PUT', url: '/api/cabinet/profile', payload: { name: 'X' }, headers: auth(signed.body.data.token) }))
          .status,
      ).toBe(401);
    });

    it('validates updates', async () => {
      const token = await server.anonymousToken();
      for (const payload of [{ cityId: 50 }, { name: '' }, { name: 'x'.repeat(200) }, { cityId: 'msk' }]) {
        expect((await server.call({ method: 'PUT', url: '/api/cabinet/profile', payload, headers: auth(token) })).status).toBe(400);
      }
    });
  });

  it('the offline stand-in page is served', async () => {
    const page = await server.call({ method: 'GET', url: '/dev/telegram?start=abc' });
    expect(page.status).toBe(200);
    expect(page.raw).toContain('Запустить');
  });
});

describe('production mode', () => {
  const server = useTestServer('pglite', { env: 'production', telegram: { ...TEST_TELEGRAM, standIn: false } });
  it('refuses the offline stand-in', async () => {
    expect((await server.call({ method: 'GET', url: '/dev/telegram' })).status).toBe(404);
    expect((await server.call({ method: 'POST', url: '/dev/telegram/start', payload: { user: { id: 1, first_name: 'x' } } })).status).toBe(
      404,
    );
  });
});
