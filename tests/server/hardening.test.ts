import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db/connection';
import { DEFAULT_RATE_LIMITS, scaledRateLimits } from '../../server/http/app-limits';
import { TEN_MINUTES, addressKey } from '../../server/infra/rate-limit';
import { DEMO_PROMOCODES, seedDemoPromocodes } from '../../server/demo/promocodes';
import { isSameOriginPath, subscriptionRequestSchema, type Payment, type PromocodeCheckResponse } from '@kvarta/contract/subscription';
import { as, signedInUser, useTestServer } from './helpers';

type Ok<T> = { result: 'ok'; data: T };
type Err = { result: 'error'; message: string; statusCode: number; detail?: unknown };

describe('smaller holes of the security review', () => {
  const server = useTestServer('pglite');
  const pay = async (token: string, body: object = {}) =>
    server.call<Ok<Payment>>({
      method: 'POST',
      url: '/api/cabinet/payments',
      payload: { days: 30, serviceType: 'LIRA_4', ...body },
      headers: as(token),
    });

  it('AI-search feedback refuses anonymous users with 403, like the other AI-search writes', async () => {
    const anon = await server.anonymousToken();
    const apartmentId = server.memory().apartments.keys().next().value as number;
    const res = await server.call<Err>({
      method: 'POST',
      url: '/api/selection/lira/feedback',
      payload: { apartmentId, action: 'LIKE', notices: [] },
      headers: as(anon),
    });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ result: 'error', statusCode: 403, message: 'Для ИИ Поиска войдите через Telegram' });
    const { rows } = await server.db.query('SELECT 1 FROM reactions WHERE apartment_id = $1', [apartmentId]);
    expect(rows).toHaveLength(0);
  });

  it('the short seeded promocodes no longer work; the demo codes are long', async () => {
    const { token } = await signedInUser(server);
    const check = async (promocode: string) =>
      (
        await server.call<Ok<PromocodeCheckResponse>>({
          method: 'POST',
          url: '/api/cabinet/profile/subscription/promocode-check',
          payload: { promocode, days: 30 },
          headers: as(token),
        })
      ).body.data;
    for (const guessable of ['NEDELYA7', 'KVARTA20', 'kvarta20']) expect(await check(guessable), guessable).toMatchObject({ valid: false });
    expect(await check(DEMO_PROMOCODES.percent.code)).toMatchObject({ valid: true, kind: 'PERCENT', percent: 20 });
    expect(await check(DEMO_PROMOCODES.week.code)).toMatchObject({ valid: true, kind: 'DAYS', days: 7 });
    for (const p of Object.values(DEMO_PROMOCODES)) expect(p.code.length).toBeGreaterThanOrEqual(20);
  });

  it('returnPath: only a path that stays on this site once the browser resolves it', async () => {
    const bypasses = [
      '//evil',
      '/\\evil',
      '/.//evil.example',
      '/%2F%2Fevil',
      '/%2f%5cevil',
      '\t//evil',
      '/\t/evil',
      'javascript:alert(1)',
      '/./%2e%2e//evil',
      '/..//evil.example',
      '/a/..//evil',
    ];
    for (const bad of bypasses) {
      expect(isSameOriginPath(bad), bad).toBe(false);
      expect(subscriptionRequestSchema.safeParse({ days: 30, serviceType: 'LIRA_4', returnPath: bad }).success, bad).toBe(false);
    }
    for (const ok of ['/', '/agent', '/tma/agent?tab=map&x=1', '/a/./b', '/a-b_c/d.e%20f', '/agent?next=%2F%2Fx'])
      expect(isSameOriginPath(ok), ok).toBe(true);

    const { token } = await signedInUser(server);
    expect((await pay(token, { returnPath: '/.//evil.example' })).status).toBe(400);
  });
});

describe('rate limits of new anonymous users, bindings and promocode checks', () => {
  const server = useTestServer('pglite', {
    rateLimits: {
      anonymousUsersPerIp: { limit: 3, windowMs: TEN_MINUTES },
      bindingsPerIp: { limit: 2, windowMs: TEN_MINUTES },
      promocodeChecksPerUser: { limit: 2, windowMs: TEN_MINUTES },
      promocodeChecksPerIp: { limit: 3, windowMs: TEN_MINUTES },
    },
  });
  const expectLimited = (res: { status: number; body: unknown; headers: Record<string, unknown> }) => {
    expect(res.status).toBe(429);
    expect(res.body).toMatchObject({
      result: 'error',
      statusCode: 429,
      message: 'Слишком много запросов. Попробуйте ещё раз через 10 мин.',
    });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(590);
    expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(600);
  };

  it('anonymous tokens are free; the users their first writes make are limited per address', async () => {
    const mint = async (remoteAddress: string) => {
      const res = await server.call<{ data: { token: string } }>({ method: 'POST', url: '/passport/data/token', remoteAddress });
      expect(res.status).toBe(200);
      return res.body.data.token;
    };
    const firstWrite = async (remoteAddress: string) =>
      server.call({
        method: 'POST',
        url: '/api/selection/swipe/profile',
        payload: { cityIds: [78] },
        remoteAddress,
        headers: { authorization: `Bearer ${await mint(remoteAddress)}` },
      });
    for (let i = 0; i < 3; i++) expect((await firstWrite('198.51.100.1')).status).toBe(200);
    const { rows: before } = await server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM users');
    expectLimited(await firstWrite('198.51.100.1'));
    const { rows: after } = await server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM users');
    expect(after[0]!.n).toBe(before[0]!.n); // refused before a user row is made
    expect((await firstWrite('198.51.100.2')).status).toBe(200);
  });

  it('binding requests: per address', async () => {
    // Binding info needs the requester's bearer (the event stream is bound to it).
    const bearer = await server.anonymousToken();
    const bind = (remoteAddress: string) =>
      server.call({
        method: 'POST',
        url: '/passport/data/telegram',
        payload: { type: 'login' },
        remoteAddress,
        headers: { authorization: `Bearer ${bearer}` },
      });
    for (let i = 0; i < 2; i++) expect((await bind('198.51.100.3')).status).toBe(200);
    expectLimited(await bind('198.51.100.3'));
    expect((await bind('198.51.100.4')).status).toBe(200);
  });

  it('call-back requests use the same limiter and now answer with Retry-After too', async () => {
    const payload = {
      userName: 'Иван',
      phone: '+7 912 345 67 89',
      cityName: 'Москва',
      refererUrl: 'http://localhost/',
      extraField: 'x',
      agreed: true,
    };
    const send = () => server.call({ method: 'POST', url: '/bot-api/callback/sale', payload, remoteAddress: '198.51.100.9' });
    for (let i = 0; i < 5; i++) expect((await send()).status).toBe(200);
    const limited = await send();
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({
      result: 'error',
      statusCode: 429,
      message: 'Слишком много заявок. Попробуйте ещё раз через 10 мин.',
    });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(590);
  });

  it('promocode checks: per user and per address', async () => {
    const check = (token: string, remoteAddress: string) =>
      server.call({
        method: 'POST',
        url: '/api/cabinet/profile/subscription/promocode-check',
        payload: { promocode: 'GUESS' },
        headers: as(token),
        remoteAddress,
      });
    const first = await signedInUser(server);
    const second = await signedInUser(server);
    for (let i = 0; i < 2; i++) expect((await check(first.token, '198.51.100.5')).status).toBe(200);
    expectLimited(await check(first.token, '198.51.100.6')); // the user's own limit, from any address
    expect((await check(second.token, '198.51.100.5')).status).toBe(200);
    expectLimited(await check(second.token, '198.51.100.5')); // the address's limit, whoever asks
    expect((await check(second.token, '198.51.100.7')).status).toBe(200);
  });
});

describe('promocodes in a fresh database', () => {
  it('migrations leave no short seeded code active; demo codes come only when asked for', async () => {
    const db = await openDatabase({});
    try {
      await db.migrate();
      const active = async () =>
        (await db.query<{ code: string }>('SELECT code FROM promocodes WHERE active ORDER BY code')).rows.map((r) => r.code);
      expect(await active()).toEqual([]);
      await seedDemoPromocodes(db);
      await seedDemoPromocodes(db);
      expect(await active()).toEqual([DEMO_PROMOCODES.percent.code, DEMO_PROMOCODES.week.code].sort());
    } finally {
      await db.close();
    }
  });
});

describe('RATE_LIMIT_SCALE', () => {
  const base = { JWT_SECRET: 'x'.repeat(40), DATA_DIR: '/tmp/kvarta-config-test' };
  it('is 1 by default (also under NODE_ENV=test: the e2e suite sets it), and scales every new limit', () => {
    expect(loadConfig(base).rateLimitScale).toBe(1);
    expect(loadConfig({ ...base, NODE_ENV: 'test' }).rateLimitScale).toBe(1);
    expect(loadConfig({ ...base, RATE_LIMIT_SCALE: '2.5' }).rateLimitScale).toBe(2.5);
    expect(() => loadConfig({ ...base, RATE_LIMIT_SCALE: 'lots' })).toThrow(/RATE_LIMIT_SCALE/);
    expect(scaledRateLimits(1)).toEqual(DEFAULT_RATE_LIMITS);
    expect(scaledRateLimits(2).anonymousUsersPerIp).toEqual({ limit: 10_000, windowMs: 10 * 60_000 });
  });
});

describe('per-address limits count an IPv6 client by its /64', () => {
  it('addresses of one /64 share a key; IPv4 and mapped IPv4 count by address', () => {
    expect(addressKey('2001:db8:1:2:aaaa::1')).toBe(addressKey('2001:db8:1:2:ffff:ffff:ffff:fffe'));
    expect(addressKey('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8:1:3::1')).not.toBe(addressKey('2001:db8:1:2::1'));
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey(null)).toBe('unknown');
  });

  const limited = useTestServer('pglite', { rateLimits: { anonymousUsersPerIp: { limit: 2, windowMs: 60_000 } } });
  it('rotating addresses inside one /64 does not make more anonymous users', async () => {
    const statuses: number[] = [];
    for (const suffix of ['1', '2', '3']) {
      const remoteAddress = `2001:db8:7:7::${suffix}`;
      const issued = await limited.call<{ data: { token: string } }>({ method: 'POST', url: '/passport/data/token', remoteAddress });
      const write = await limited.call({
        method: 'POST',
        url: '/api/selection/swipe/profile',
        payload: { cityIds: [78] },
        remoteAddress,
        headers: { authorization: `Bearer ${issued.body.data.token}` },
      });
      statuses.push(write.status);
    }
    expect(statuses).toEqual([200, 200, 429]);
  });
});
