import { MemoryLimitStore } from '../../server/infra/limits';
import type { OkEnvelope } from '@kvarta/contract';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { CALLBACK_LIMITS, CallbackService, OFFLINE_MANAGERS_CHAT_ID, findCallback } from '../../server/callback';
import { managersMessage } from '../../server/callback/service';
import { OfflineBot } from '../../server/dev/telegram/offline-bot';
import { moscowTime } from '../../server/lib/format';
import { loadConfig } from '../../server/config';
import { CALLBACK_MESSAGES, normalizeRussianPhone } from '@kvarta/contract/callback';
import { DATABASES, useTestServer } from './helpers';

type Err = { result: 'error'; message: string; statusCode: number; detail?: unknown };
/** Either answer, loosely typed so a test can read both shapes. */
type Answer = { result: string; data: { message: string; id: number }; message: string; statusCode: number };

const URL = '/bot-api/callback/sale';
const valid = (overrides: Record<string, unknown> = {}) => ({
  userName: 'Иван Петров',
  phone: '8 (912) 345-67-89',
  cityName: 'Санкт-Петербург',
  refererUrl: 'http://localhost/services/podbor-i-pokupka',
  extraField: 'Подбор и покупка квартиры',
  agreed: true,
  ...overrides,
});

describe('managersMessage', () => {
  it("says when the request was left in Moscow time, whatever the server's zone", () => {
    const text = managersMessage({
      id: 7,
      userName: 'Иван',
      phone: '+79123456789',
      cityName: '',
      refererUrl: '',
      extraField: '',
      createdAt: new Date('2026-11-28T22:30:00Z'),
    });
    expect(text.split('\n')).toEqual([
      'Заявка на обратный звонок №7',
      'Оставлена: 29.11.2026, 01:30 (МСК)',
      'Имя: Иван',
      'Телефон: +79123456789',
    ]);
  });
});

describe('normalizeRussianPhone', () => {
  it.each([
    ['8 (912) 345-67-89', '+79123456789'],
    ['+7 912 345 67 89', '+79123456789'],
    ['79123456789', '+79123456789'],
    ['89123456789', '+79123456789'],
    ['+7(812)123-45-67', '+78121234567'],
    ['  8-912-345-67-89 ', '+79123456789'],
    ['8.912.345.67.89', '+79123456789'],
  ])('%s → %s', (input, expected) => expect(normalizeRussianPhone(input)).toBe(expected));

  it.each([
    '',
    '12345',
    '+1 212 555 0100',
    '8912345678',
    '+7912345678901',
    '+7 912 345 67 8a',
    '9123456789',
    '+8 912 345 67 89',
    '+7 (912) 345-67-89 доб. 1',
  ])('rejects %j', (input) => expect(normalizeRussianPhone(input)).toBeNull());
});

describe('TELEGRAM_MANAGERS_CHAT_ID', () => {
  const base = { JWT_SECRET: 'x'.repeat(40), DATA_DIR: '/tmp/kvarta-config-test' };
  it('is read as a chat id, negative for groups, and optional', () => {
    expect(loadConfig({ ...base, TELEGRAM_MANAGERS_CHAT_ID: '-1001234567890' }).telegram.managersChatId).toBe(-1001234567890);
    expect(loadConfig({ ...base, TELEGRAM_MANAGERS_CHAT_ID: '42' }).telegram.managersChatId).toBe(42);
    expect(loadConfig(base).telegram.managersChatId).toBeUndefined();
  });
  it('refuses anything else with a Russian message', () => {
    expect(() => loadConfig({ ...base, TELEGRAM_MANAGERS_CHAT_ID: '@managers' })).toThrow(
      /TELEGRAM_MANAGERS_CHAT_ID: ожидается id чата Telegram/,
    );
  });
});

describe.each(DATABASES)('call-back requests on %s', (kind) => {
  const server = useTestServer(kind);
  let ip = 0;
  /** Each test speaks from its own address, so the per-IP limit of one test does not leak into the next. */
  const nextIp = () => `10.1.${Math.floor(++ip / 250)}.${ip % 250}`;
  const send = (payload: unknown, options: { ip?: string; token?: string } = {}) =>
    server.call<Answer>({
      method: 'POST',
      url: URL,
      payload: payload as Record<string, unknown>,
      remoteAddress: options.ip ?? nextIp(),
      headers: options.token ? { authorization: `Bearer ${options.token}` } : {},
    });
  const count = async () => Number((await server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM callback_requests')).rows[0]!.n);
  const managers = () => (server.app.bot as OfflineBot).messagesFor(OFFLINE_MANAGERS_CHAT_ID);

  afterEach(() => vi.restoreAllMocks());

  it('stores the request with the phone normalised, answers with message and tells the managers', async () => {
    const res = await send(valid());
    expect(res.status).toBe(200);
    expect(res.body.result).toBe('ok');
    expect(res.body.data.message).toBe('Заявка принята. Менеджер перезвонит вам в ближайшее время.');
    const row = await findCallback(server.db, res.body.data.id);
    expect(row).toMatchObject({
      userName: 'Иван Петров',
      phone: '+79123456789',
      cityName: 'Санкт-Петербург',
      extraField: 'Подбор и покупка квартиры',
      delivered: true,
      deliveryAttempts: 1,
    });
    const text = (await managers()).at(-1)!.text;
    expect(text).toContain(`Заявка на обратный звонок №${res.body.data.id}`);
    // When it was left, in Moscow time and labelled so, as the bot's own messages are (not the server's UTC).
    expect(text).toContain(`Оставлена: ${moscowTime(row!.createdAt)}`);
    expect(text).toContain('Телефон: +79123456789');
    expect(text).toContain('Подробности: Подбор и покупка квартиры');
    const page = await server.call<OkEnvelope<{ messages: Array<{ text: string }> }>>({ method: 'GET', url: '/dev/telegram/managers' });
    expect(page.body.data.messages.map((m) => m.text)).toContain(text);
  });

  it('keeps the optional fields optional and records the user behind a token', async () => {
    const token = await server.anonymousToken();
    const res = await send({ userName: 'Оля', phone: '+7 999 000-11-22', agreed: true }, { token });
    expect(res.status).toBe(200);
    const row = await findCallback(server.db, res.body.data.id);
    expect(row).toMatchObject({ cityName: '', refererUrl: '', extraField: '', phone: '+79990001122' });
    expect(row!.userId).toEqual(expect.any(Number));
  });

  it.each([
    ['no name', { userName: '   ' }, CALLBACK_MESSAGES.nameRequired],
    ['a name that is too long', { userName: 'Я'.repeat(101) }, CALLBACK_MESSAGES.nameTooLong],
    ['control characters in the name', { userName: 'Иван\u0000' }, CALLBACK_MESSAGES.nameInvalid],
    ['a foreign phone', { phone: '+1 212 555 0100' }, CALLBACK_MESSAGES.phone],
    ['a short phone', { phone: '8 912 345 67' }, CALLBACK_MESSAGES.phone],
    ['letters in the phone', { phone: 'позвоните мне' }, CALLBACK_MESSAGES.phone],
    ['a phone that is not a string', { phone: 89123456789 }, CALLBACK_MESSAGES.phone],
    ['no consent', { agreed: false }, CALLBACK_MESSAGES.consent],
    ['consent missing', { agreed: undefined }, CALLBACK_MESSAGES.consent],
    ['consent as a string', { agreed: 'true' }, CALLBACK_MESSAGES.consent],
    ['an extraField that is too long', { extraField: 'x'.repeat(1001) }, 'extraField: не больше 1000 символов'],
    ['a refererUrl that is not a string', { refererUrl: 5 }, 'refererUrl: ожидается строка'],
  ])('refuses %s with 400 and a Russian message, storing nothing', async (_what, change, message) => {
    const before = await count();
    const res = await send(valid(change));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ result: 'error', statusCode: 400, message });
    expect(await count()).toBe(before);
  });

  it('refuses a body that is not an object', async () => {
    for (const payload of [[1, 2], 'text']) {
      const res = await server.call<Err>({
        method: 'POST',
        url: URL,
        payload: JSON.stringify(payload),
        headers: { 'content-type': 'application/json' },
        remoteAddress: nextIp(),
      });
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/Ожидается JSON-объект/);
    }
    const empty = await server.call<Err>({ method: 'POST', url: URL, remoteAddress: nextIp() });
    expect(empty.status).toBe(400);
  });

  it('lists every problem at once', async () => {
    const res = await send(valid({ userName: '', phone: '123', agreed: false }));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe([CALLBACK_MESSAGES.nameRequired, CALLBACK_MESSAGES.phone, CALLBACK_MESSAGES.consent].join('; '));
  });

  it('limits a client to 5 requests in 10 minutes with a 429 in Russian; another client is not affected', async () => {
    const ipA = nextIp();
    for (let i = 0; i < 5; i += 1) expect((await send(valid(), { ip: ipA })).status).toBe(200);
    const before = await count();
    const limited = await send(valid(), { ip: ipA });
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({
      result: 'error',
      statusCode: 429,
      message: 'Слишком много заявок. Попробуйте ещё раз через 10 мин.',
    });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(500);
    expect(await count()).toBe(before);
    expect((await send(valid(), { ip: nextIp() })).status).toBe(200);
  });

  it('limits a signed-in client by its token whatever the address', async () => {
    const token = await server.anonymousToken();
    for (let i = 0; i < 5; i += 1) expect((await send(valid(), { token })).status).toBe(200);
    expect((await send(valid(), { token })).status).toBe(429);
    expect((await send(valid(), { token: await server.anonymousToken() })).status).toBe(200);
  });

  it('30 buyers behind one carrier address each get their call-back; each is still limited on its own', async () => {
    const nat = nextIp();
    const tokens = await Promise.all(Array.from({ length: 30 }, () => server.anonymousToken()));
    const statuses = await Promise.all(tokens.map(async (token) => (await send(valid(), { ip: nat, token })).status));
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    const one = tokens[0]!;
    for (let i = 1; i < CALLBACK_LIMITS.perClient.limit; i += 1) expect((await send(valid(), { ip: nat, token: one })).status).toBe(200);
    expect((await send(valid(), { ip: nat, token: one })).status).toBe(429);
    // Without a token a client is known only by its address: tokenless requests from it share one client's limit.
    for (let i = 0; i < CALLBACK_LIMITS.perClient.limit; i += 1) expect((await send(valid(), { ip: nat })).status).toBe(200);
    expect((await send(valid(), { ip: nat })).status).toBe(429);
  });

  it('one address still has a ceiling, far above the per-client limit, that fresh tokens do not get around', async () => {
    const { perClient, perAddress } = CALLBACK_LIMITS;
    expect(perAddress.limit).toBeGreaterThanOrEqual(30 * perClient.limit);
    const nat = nextIp();
    let accepted = 0;
    // Fresh clients, each using its whole own limit, until the address is full.
    while (accepted < perAddress.limit) {
      const token = await server.anonymousToken();
      const batch = Math.min(perClient.limit, perAddress.limit - accepted);
      const statuses = await Promise.all(Array.from({ length: batch }, async () => (await send(valid(), { ip: nat, token })).status));
      expect(statuses.filter((s) => s !== 200)).toEqual([]);
      accepted += batch;
    }
    const refused = await send(valid(), { ip: nat, token: await server.anonymousToken() });
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe('Слишком много заявок. Попробуйте ещё раз через 10 мин.');
    // Another address is not affected.
    expect((await send(valid(), { ip: nextIp(), token: await server.anonymousToken() })).status).toBe(200);
  }, 120_000);

  it('invalid requests do not use up the limit', async () => {
    const ipB = nextIp();
    for (let i = 0; i < 8; i += 1) expect((await send(valid({ phone: 'нет' }), { ip: ipB })).status).toBe(400);
    expect((await send(valid(), { ip: ipB })).status).toBe(200);
  });

  it('stores the request before the bot is asked to send it', async () => {
    const bot = server.app.bot;
    const seen: Array<{ delivered: boolean } | null> = [];
    vi.spyOn(bot, 'sendMessage').mockImplementation(async (_chatId, text) => {
      const id = Number(/№(\d+)/.exec(text)![1]);
      seen.push(await findCallback(server.db, id));
    });
    const res = await send(valid());
    expect(res.status).toBe(200);
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ id: res.body.data.id, phone: '+79123456789', delivered: false });
  });

  it('a delivery failure keeps the request (undelivered, with the error) and a retry delivers it', async () => {
    const bot = server.app.bot;
    vi.spyOn(bot, 'sendMessage').mockRejectedValueOnce(new Error('Telegram недоступен'));
    const res = await send(valid({ userName: 'Неудачник' }));
    expect(res.status).toBe(200);
    expect(res.body.data.message).toBe(CALLBACK_MESSAGES.accepted);
    const stored = await findCallback(server.db, res.body.data.id);
    expect(stored).toMatchObject({ delivered: false, deliveryAttempts: 1, lastError: 'Telegram недоступен', userName: 'Неудачник' });
    vi.restoreAllMocks();

    const retry = new CallbackService({
      db: server.db,
      bot: () => bot,
      managersChatId: undefined,
      log: { warn: () => undefined, error: () => undefined },
      limits: new MemoryLimitStore(),
    });
    expect(await retry.retryPending()).toBeGreaterThanOrEqual(1);
    expect(await findCallback(server.db, res.body.data.id)).toMatchObject({ delivered: true, deliveryAttempts: 2, lastError: null });
    expect((await managers()).some((m) => m.text.includes(`№${res.body.data.id}`))).toBe(true);
  });

  it('a live bot without a managers chat keeps requests in the table only', async () => {
    const live = Object.assign(new OfflineBot(server.db, ''), { mode: 'live' as const });
    const send = vi.spyOn(live, 'sendMessage');
    const warn = vi.fn();
    const service = new CallbackService({
      db: server.db,
      bot: () => live,
      managersChatId: undefined,
      log: { warn, error: () => undefined },
      limits: new MemoryLimitStore(),
    });
    const out = await service.submit(
      { userName: 'Пётр', phone: '+79000000000', cityName: '', refererUrl: '', extraField: '', agreed: true },
      { userId: null, ip: nextIp(), channel: 'web' },
    );
    expect(send).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledOnce();
    expect(await findCallback(server.db, out.id)).toMatchObject({ delivered: false, deliveryAttempts: 0 });
  });

  it('the configured managers chat receives the request', async () => {
    const bot = new OfflineBot(server.db, '');
    const service = new CallbackService({
      db: server.db,
      bot: () => bot,
      managersChatId: -100123,
      log: { warn: () => undefined, error: () => undefined },
      limits: new MemoryLimitStore(),
    });
    const out = await service.submit(
      { userName: 'Анна', phone: '+79000000001', cityName: 'Москва', refererUrl: '', extraField: '', agreed: true },
      { userId: null, ip: nextIp(), channel: 'web' },
    );
    expect((await bot.messagesFor(-100123)).map((m) => m.text).join()).toContain(`№${out.id}`);
  });

  it('a hanging Telegram does not hold the answer; the send finishes later and is not duplicated by a retry', async () => {
    const bot = new OfflineBot(server.db, '');
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    // Only this request's send hangs; rows other tests left undelivered go through.
    const send = vi.spyOn(bot, 'sendMessage').mockImplementationOnce(() => gate);
    const service = new CallbackService({
      db: server.db,
      bot: () => bot,
      managersChatId: -7,
      deliveryWaitMs: 20,
      log: { warn: () => undefined, error: () => undefined },
      limits: new MemoryLimitStore(),
    });
    const out = await service.submit(
      { userName: 'Ждун', phone: '+79000000002', cityName: '', refererUrl: '', extraField: '', agreed: true },
      { userId: null, ip: nextIp(), channel: 'web' },
    );
    expect(out.message).toBe(CALLBACK_MESSAGES.accepted);
    expect(await findCallback(server.db, out.id)).toMatchObject({ delivered: false });
    // While the first send is still in flight a retry skips the row.
    await service.retryPending();
    expect(send.mock.calls.filter(([, text]) => text.includes(`№${out.id}`))).toHaveLength(1);
    release();
    await vi.waitFor(async () => expect(await findCallback(server.db, out.id)).toMatchObject({ delivered: true, deliveryAttempts: 1 }));
  });

  it('sent but not recorded (the database refused markDelivered): the retry records it and does not send it again', async () => {
    const bot = new OfflineBot(server.db, '');
    const send = vi.spyOn(bot, 'sendMessage');
    // The database itself refuses the first write that marks a request delivered (a sequence counts outside the
    // failed transaction), as a lost connection would.
    await server.db.query(`CREATE SEQUENCE IF NOT EXISTS refuse_delivered_seq`);
    await server.db.query(`CREATE OR REPLACE FUNCTION refuse_delivered_once() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF nextval('refuse_delivered_seq') = 1 THEN RAISE EXCEPTION 'соединение с базой потеряно'; END IF;
        RETURN NEW;
      END $$`);
    await server.db.query(`CREATE TRIGGER refuse_delivered BEFORE UPDATE ON callback_requests FOR EACH ROW
      WHEN (NEW.delivered AND NOT OLD.delivered) EXECUTE FUNCTION refuse_delivered_once()`);
    onTestFinished(async () => {
      await server.db.query('DROP TRIGGER refuse_delivered ON callback_requests');
    });
    const error = vi.fn();
    const service = new CallbackService({
      db: server.db,
      bot: () => bot,
      managersChatId: -8,
      log: { warn: () => undefined, error },
      limits: new MemoryLimitStore(),
    });
    const out = await service.submit(
      { userName: 'Дубль', phone: '+79000000003', cityName: '', refererUrl: '', extraField: '', agreed: true },
      { userId: null, ip: nextIp(), channel: 'web' },
    );
    expect(out.message).toBe(CALLBACK_MESSAGES.accepted);
    expect(error).toHaveBeenCalledOnce();
    expect(await findCallback(server.db, out.id)).toMatchObject({ delivered: false, lastError: null });
    await service.retryPending();
    expect(send.mock.calls.filter(([, text]) => text.includes(`№${out.id}`))).toHaveLength(1);
    expect(await findCallback(server.db, out.id)).toMatchObject({ delivered: true });
  });

  it('the stand-in page has the managers chat', async () => {
    const page = await server.call({ method: 'GET', url: '/dev/telegram' });
    expect(page.raw).toContain('Чат менеджеров');
  });
});
