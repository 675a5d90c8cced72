import { jwtVerify } from 'jose';
import { describe, expect, it, vi } from 'vitest';
import { handleSignInCallback } from '../../server/bot/sign-in';
import { handleStart } from '../../server/bot/start';
import type { OfflineBot } from '../../server/dev/telegram/offline-bot';
import { loginWidgetHash } from '../../server/auth/telegram-login-widget';
import { signInitData } from '../../server/auth/telegram-init-data';
import { TEST_BOT_TOKEN, TEST_SECRET, useTestServer, type TestServer } from './helpers';
import { streamsListening } from './binding-stream-waits';

type Ok<T> = { result: 'ok'; data: T };
type Info = { eventEmitterId: string; telegramBindingToken: string };
const CHROME_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
const nowSec = () => Math.floor(Date.now() / 1000);
const auth = (token: string) => ({ authorization: `Bearer ${token}` });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const streamMessage = (body: string) =>
  JSON.parse(/data: (.*)\n\n/.exec(body)![1]!) as { status?: string; token?: string; message?: string };

function helpers(server: TestServer) {
  const bindingFor = async (bearer: string, headers: Record<string, string> = {}) =>
    (
      await server.call<Ok<Info>>({
        method: 'POST',
        url: '/passport/data/telegram',
        payload: { type: 'login' },
        headers: { ...auth(bearer), ...headers },
      })
    ).body.data;
  /** The stream as a promise plus a flag: has it finished yet? */
  const openStream = (id: string, bearer?: string) => {
    const state = { done: false };
    const response = server.app
      .inject({ method: 'GET', url: `/passport/data/events/telegram/${id}`, headers: bearer ? auth(bearer) : {} })
      .then((res) => {
        state.done = true;
        return res;
      });
    return { state, response };
  };
  const press = (data: string, user: { id: number; first_name: string }) =>
    server.call<Ok<{ text: string }>>({ method: 'POST', url: '/dev/telegram/callback', payload: { data, user } });
  const userIdOf = async (token: string) => Number((await jwtVerify(token, TEST_SECRET, { algorithms: ['HS256'] })).payload.id);
  const messagesOf = (chatId: number) => (server.app.bot as OfflineBot).messagesFor(chatId);
  return { bindingFor, openStream, press, userIdOf, messagesOf };
}

describe('bot sign-in needs the Telegram user to confirm', () => {
  const server = useTestServer('pglite');
  const { bindingFor, openStream, press, userIdOf, messagesOf } = helpers(server);

  it("an attacker's link: /start alone gives the attacker's stream nothing; only the victim's «Войти» does", async () => {
    const attacker = await server.anonymousToken();
    const info = await bindingFor(attacker);
    const stream = openStream(info.eventEmitterId, attacker);
    // The stream waits for the outcome before /start, so a wrong one would reach it at once.
    await streamsListening(info.eventEmitterId, 1, () => stream.state.done);
    const victim = { id: 7001, first_name: 'Жертва' };
    const reply = await handleStart(server.app, info.telegramBindingToken, victim);
    expect(reply.text).toMatch(/Запрос на вход/);
    // Nothing may happen here, and an absence has no event to await: the stream gets a while in which it could wrongly end.
    await sleep(300);
    expect(stream.state.done).toBe(false);
    const { rows } = await server.db.query('SELECT id FROM users WHERE telegram_id = $1', ['7001']);
    expect(rows).toHaveLength(0);
    expect(reply.buttons.flat().map((b) => b.text)).toEqual(['Войти', 'Отклонить']);
    // Another Telegram user cannot press the victim's «Войти».
    expect(await handleSignInCallback(server.app, `signin:ok:${info.telegramBindingToken}`, { id: 7002, first_name: 'Чужой' })).toMatch(
      /уже использована/,
    );
    expect(stream.state.done).toBe(false);
    const confirmed = await press(`signin:ok:${info.telegramBindingToken}`, victim);
    expect(confirmed.body.data.text).toBe('Вход подтверждён');
    expect((await messagesOf(7001)).some((m) => m.text.startsWith('Готово! Вы вошли'))).toBe(true);
    const message = streamMessage((await stream.response).body);
    expect(message.status).toBe('ok');
    const owner = await server.db.query<{ telegram_id: string }>('SELECT telegram_id FROM users WHERE id = $1', [
      await userIdOf(message.token!),
    ]);
    expect(owner.rows[0]!.telegram_id).toBe('7001');
  });

  it('«Отклонить» ends the waiting stream with a Russian refusal and signs nobody in', async () => {
    const requester = await server.anonymousToken();
    const info = await bindingFor(requester);
    const stream = openStream(info.eventEmitterId, requester);
    await handleStart(server.app, info.telegramBindingToken, { id: 7010, first_name: 'Осторожный' });
    expect((await press(`signin:no:${info.telegramBindingToken}`, { id: 7010, first_name: 'Осторожный' })).body.data.text).toMatch(
      /Вход отклонён/,
    );
    const res = await stream.response;
    expect(streamMessage(res.body)).toEqual({ message: 'Вход отклонён в Telegram' });
    expect(res.body).not.toContain('token');
    expect((await server.db.query('SELECT id FROM users WHERE telegram_id = $1', ['7010'])).rows).toHaveLength(0);
    // The link is spent: «Войти» afterwards does nothing.
    expect((await press(`signin:ok:${info.telegramBindingToken}`, { id: 7010, first_name: 'Осторожный' })).body.data.text).toMatch(
      /уже использована/,
    );
  });

  it('the confirmation names the browser, the OS, the Moscow time and the source', async () => {
    const site = await bindingFor(await server.anonymousToken(), { 'user-agent': CHROME_WINDOWS, 'x-platform-type': 'SITE' });
    const text = (await handleStart(server.app, site.telegramBindingToken, { id: 7020, first_name: 'А' })).text;
    expect(text).toContain('Откуда: сайт');
    expect(text).toContain('Браузер: Chrome 120');
    expect(text).toContain('Система: Windows');
    expect(text).toMatch(/Время: \d\d\.\d\d\.\d{4}, \d\d:\d\d \(МСК\)/);
    const iphone =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1';
    const tma = await bindingFor(await server.anonymousToken(), { 'user-agent': iphone, 'x-platform-type': 'TELEGRAM_MINI_APP' });
    const tmaText = (await handleStart(server.app, tma.telegramBindingToken, { id: 7021, first_name: 'Б' })).text;
    expect(tmaText).toContain('Откуда: Mini App');
    expect(tmaText).toContain('Браузер: Safari 17');
    expect(tmaText).toContain('Система: iOS');
  });

  it('after «Войти» the chat gets a notice; «Это не я» revokes every earlier token of the account', async () => {
    const requester = await server.anonymousToken();
    const info = await bindingFor(requester, { 'user-agent': CHROME_WINDOWS });
    const user = { id: 7030, first_name: 'Хозяин' };
    await server.call({ method: 'POST', url: '/dev/telegram/start', payload: { token: info.telegramBindingToken, user } });
    await press(`signin:ok:${info.telegramBindingToken}`, user);
    const signed = streamMessage((await openStream(info.eventEmitterId, requester).response).body).token!;
    const widgetFields = { id: '7030', first_name: 'Хозяин', auth_date: String(nowSec()) };
    const second = (
      await server.call<Ok<{ token: string }>>({
        method: 'POST',
        url: '/passport/data/login/telegram',
        payload: { ...widgetFields, id: 7030, auth_date: nowSec(), hash: loginWidgetHash(widgetFields, TEST_BOT_TOKEN) },
      })
    ).body.data.token;
    for (const token of [signed, second])
      expect(
        (await server.call<Ok<{ name: string }>>({ method: 'GET', url: '/api/cabinet/profile', headers: auth(token) })).body.data,
      ).not.toBeNull();
    const notices = (await messagesOf(7030)).filter((m) => m.buttons.flat().some((b) => b.text === 'Это не я'));
    expect(notices.length).toBeGreaterThanOrEqual(1);
    expect(notices[0]!.text).toContain('Chrome 120');
    const button = notices[0]!.buttons.flat().find((b) => b.text === 'Это не я')!;
    expect((await press('callbackData' in button ? button.callbackData : '', user)).body.data.text).toMatch(/сеансы .* завершены/);
    for (const token of [signed, second]) {
      const profile = await server.call<Ok<null>>({ method: 'GET', url: '/api/cabinet/profile', headers: auth(token) });
      expect(profile.status).toBe(200);
      expect(profile.body.data).toBeNull();
      const change = await server.call<{ message: string }>({
        method: 'PUT',
        url: '/api/cabinet/profile',
        payload: { name: 'X' },
        headers: auth(token),
      });
      expect(change.status).toBe(401);
      expect(change.body.message).toBe('Token was revoked');
    }
  });

  it('/logout revokes every earlier token; the Login Widget sends the notice, initData does not', async () => {
    const before = (await messagesOf(7040)).length;
    const tma = (
      await server.call<Ok<{ token: string }>>({
        method: 'POST',
        url: '/passport/data/login/telegram/init-data',
        payload: { initData: signInitData({ user: { id: 7040, first_name: 'В' }, authDate: nowSec() }, TEST_BOT_TOKEN) },
      })
    ).body.data.token;
    expect((await messagesOf(7040)).length).toBe(before);
    const widgetFields = { id: '7040', first_name: 'В', auth_date: String(nowSec()) };
    await server.call({
      method: 'POST',
      url: '/passport/data/login/telegram',
      payload: { ...widgetFields, id: 7040, auth_date: nowSec(), hash: loginWidgetHash(widgetFields, TEST_BOT_TOKEN) },
    });
    // The notice is sent after the answer: wait for it to arrive, not for a time.
    await vi.waitFor(async () =>
      expect((await messagesOf(7040)).some((m) => m.text.startsWith('Выполнен вход') && m.text.includes('Откуда: сайт'))).toBe(true),
    );
    const out = await server.call<Ok<{ text: string }>>({
      method: 'POST',
      url: '/dev/telegram/logout',
      payload: { user: { id: 7040, first_name: 'В' } },
    });
    expect(out.body.data.text).toMatch(/сеансы .* завершены/);
    const res = await server.call<{ message: string }>({
      method: 'PUT',
      url: '/api/cabinet/profile',
      payload: { name: 'X' },
      headers: auth(tma),
    });
    expect(res.status).toBe(401);
    expect(res.body.message).toBe('Token was revoked');
  });
});

describe('the binding outcome is delivered once, to its requester only', () => {
  const server = useTestServer('pglite');
  const { bindingFor, openStream, press } = helpers(server);
  const confirm = async (token: string, id: number) => {
    await handleStart(server.app, token, { id, first_name: 'Т' });
    await press(`signin:ok:${token}`, { id, first_name: 'Т' });
  };

  it('a late stream gets the outcome once; then it is gone from the database', async () => {
    const requester = await server.anonymousToken();
    const info = await bindingFor(requester);
    await confirm(info.telegramBindingToken, 7100);
    expect(streamMessage((await openStream(info.eventEmitterId, requester).response).body).status).toBe('ok');
    const { rows } = await server.db.query<{ outcome: string | null }>(
      'SELECT outcome FROM telegram_bindings WHERE event_emitter_id = $1',
      [info.eventEmitterId],
    );
    expect(rows[0]!.outcome).toBeNull();
    await server.db.query(`UPDATE telegram_bindings SET expires_at = now() + interval '1 second' WHERE event_emitter_id = $1`, [
      info.eventEmitterId,
    ]);
    const again = await openStream(info.eventEmitterId, requester).response;
    expect(again.body).not.toContain('"token"');
  });

  it('two streams waiting on one binding: exactly one receives the token', async () => {
    const requester = await server.anonymousToken();
    const info = await bindingFor(requester);
    await server.db.query(`UPDATE telegram_bindings SET expires_at = now() + interval '3 seconds' WHERE event_emitter_id = $1`, [
      info.eventEmitterId,
    ]);
    const a = openStream(info.eventEmitterId, requester);
    const b = openStream(info.eventEmitterId, requester);
    // Both streams are open: the newer has replaced the older, which ended (the newer then claims the outcome or
    // waits for it; either way it gets it).
    await vi.waitFor(() => expect(a.state.done, 'the older stream ended').toBe(true), { timeout: 10_000, interval: 5 });
    await confirm(info.telegramBindingToken, 7110);
    const bodies = [(await a.response).body, (await b.response).body];
    expect(bodies.filter((body) => body.includes('"token"'))).toHaveLength(1);
    // One live stream per binding: the newer replaced the older, which ended without a message.
    expect(bodies[0]).not.toContain('data:');
    expect(streamMessage(bodies[1]!).status).toBe('ok');
  });

  it('a stream opened without the bearer that asked is refused', async () => {
    const requester = await server.anonymousToken();
    const info = await bindingFor(requester);
    await confirm(info.telegramBindingToken, 7120);
    const none = await openStream(info.eventEmitterId).response;
    expect(none.statusCode).toBe(401);
    const stranger = await openStream(info.eventEmitterId, await server.anonymousToken()).response;
    expect(stranger.statusCode).toBe(404);
    for (const res of [none, stranger]) expect(res.body).not.toContain('"token"');
    // The rightful requester still gets it.
    expect(streamMessage((await openStream(info.eventEmitterId, requester).response).body).status).toBe('ok');
  });

  it('asking for binding info needs a bearer', async () => {
    expect((await server.call({ method: 'POST', url: '/passport/data/telegram', payload: { type: 'login' } })).status).toBe(401);
  });
});

describe('request logs carry neither stream ids nor tokens', () => {
  const lines: string[] = [];
  const server = useTestServer('pglite', { logLines: lines });
  const { bindingFor, openStream, press } = helpers(server);

  it('the binding stream and the stand-in page are logged with the secret parts hidden', async () => {
    const requester = await server.anonymousToken();
    const info = await bindingFor(requester);
    await server.call({ method: 'GET', url: `/dev/telegram?start=${info.telegramBindingToken}` });
    await handleStart(server.app, info.telegramBindingToken, { id: 7200, first_name: 'Л' });
    await press(`signin:ok:${info.telegramBindingToken}`, { id: 7200, first_name: 'Л' });
    const token = streamMessage((await openStream(info.eventEmitterId, requester).response).body).token!;
    const log = lines.join('');
    expect(log).toContain('/passport/data/events/telegram/');
    expect(log).toContain('/dev/telegram?start=');
    for (const secret of [info.eventEmitterId, info.telegramBindingToken, token, requester]) expect(log).not.toContain(secret);
  });
});

describe('Telegram auth_date from the future', () => {
  const server = useTestServer('pglite');
  const widget = (authDate: number) => {
    const fields = { id: '7300', first_name: 'Ф', auth_date: String(authDate) };
    return { ...fields, id: 7300, auth_date: authDate, hash: loginWidgetHash(fields, TEST_BOT_TOKEN) };
  };
  const initData = (authDate: number) => ({ initData: signInitData({ user: { id: 7301, first_name: 'Ф' }, authDate }, TEST_BOT_TOKEN) });

  it('is refused beyond a minute of clock skew, accepted within it', async () => {
    expect((await server.call({ method: 'POST', url: '/passport/data/login/telegram', payload: widget(nowSec() + 3600) })).status).toBe(
      401,
    );
    expect(
      (await server.call({ method: 'POST', url: '/passport/data/login/telegram/init-data', payload: initData(nowSec() + 3600) })).status,
    ).toBe(401);
    expect((await server.call({ method: 'POST', url: '/passport/data/login/telegram', payload: widget(nowSec() + 30) })).status).toBe(200);
    expect(
      (await server.call({ method: 'POST', url: '/passport/data/login/telegram/init-data', payload: initData(nowSec() + 30) })).status,
    ).toBe(200);
  });
});
