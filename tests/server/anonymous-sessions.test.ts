import { SignJWT } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signInitData } from '../../server/auth/telegram-init-data';
import { TOKEN_TTL_SECONDS, TokenService } from '../../server/auth/tokens';
import { DEFAULT_RATE_LIMITS } from '../../server/http/app-limits';
import { runCleanup } from '../../server/privacy/jobs';
import { TEST_BOT_TOKEN, TEST_SECRET, as, useTestServer } from './helpers';

const NAT_ADDRESS = '203.0.113.77';
const VISITS = 1_000;

describe('anonymous sessions: buyers behind one address', () => {
  // The production limits, not the generous ones other tests run with: one carrier's NAT is one address. Only the
  // writes one buyer may make are fewer (600 in production), so that reaching that limit takes 41 likes, not 601.
  const WRITES_PER_BUYER = 40;
  const server = useTestServer('pglite', {
    rateLimits: {
      ...DEFAULT_RATE_LIMITS,
      writesPerAnonymousUser: { ...DEFAULT_RATE_LIMITS.writesPerAnonymousUser, limit: WRITES_PER_BUYER },
    },
  });
  const userCount = async () => (await server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM users')).rows[0]!.n;
  const fromNat = (method: 'GET' | 'POST', url: string, token?: string, payload?: object) =>
    server.call<{ result: string; data: unknown }>({
      method,
      url,
      remoteAddress: NAT_ADDRESS,
      headers: token ? as(token) : {},
      ...(payload ? { payload } : {}),
    });

  it(`${VISITS} first visits from one address all get TOP, a like and their favourites`, async () => {
    const outcomes: string[] = [];
    const visit = async () => {
      const issued = await fromNat('POST', '/passport/data/token');
      if (issued.status !== 200) return `token ${issued.status}`;
      const token = (issued.body.data as { token: string }).token;
      const top = await fromNat('POST', '/api/selection/swipe/variant/list', token, { cityIds: [78], count: 5, page: 0 });
      const items = (top.body.data as { items?: { id: number }[] } | undefined)?.items ?? [];
      if (top.status !== 200 || items.length === 0) return `TOP ${top.status}`;
      const liked = items[0]!.id;
      const like = await fromNat('POST', '/api/selection/swipe/evaluate-variant', token, { apartmentId: liked, action: 'LIKE' });
      if (like.status !== 200) return `like ${like.status}`;
      const favourites = await fromNat('GET', '/api/selection/swipe/profile/liked', token);
      const ids = ((favourites.body.data as { id: number }[] | undefined) ?? []).map((item) => item.id);
      return favourites.status === 200 && ids.length === 1 && ids[0] === liked ? 'ok' : `favourites ${favourites.status} ${ids.join(',')}`;
    };
    // A few visitors at a time, as they arrive.
    for (let i = 0; i < VISITS; i += 10) outcomes.push(...(await Promise.all(Array.from({ length: 10 }, visit))));
    const failed = outcomes.filter((o) => o !== 'ok');
    expect(failed.slice(0, 5)).toEqual([]);
    expect(outcomes).toHaveLength(VISITS);
  }, 180_000);

  it('issuing a token stores nothing; reading stores nothing; the first write makes one row, shared by concurrent writes', async () => {
    const before = await userCount();
    const token = ((await fromNat('POST', '/passport/data/token')).body.data as { token: string }).token;
    expect((await fromNat('POST', '/api/selection/swipe/variant/list', token, { cityIds: [78], count: 5, page: 0 })).status).toBe(200);
    expect((await fromNat('GET', '/api/selection/swipe/profile/liked', token)).body.data).toEqual([]);
    expect(await userCount()).toBe(before);
    const id = [...server.memory().apartments.keys()][0]!;
    // Two tabs (or a retry) writing first at once.
    const writes = await Promise.all([
      fromNat('POST', '/api/selection/swipe/evaluate-variant', token, { apartmentId: id, action: 'LIKE' }),
      fromNat('POST', '/api/selection/swipe/profile', token, { cityIds: [78] }),
    ]);
    expect(writes.map((w) => w.status)).toEqual([200, 200]);
    expect(await userCount()).toBe(before + 1);
  });

  it("each anonymous user's writes are limited, not the address's sessions", async () => {
    const limited = server.app;
    const token = ((await fromNat('POST', '/passport/data/token')).body.data as { token: string }).token;
    const ids = [...limited.memory.apartments.keys()];
    const limit = WRITES_PER_BUYER;
    const statuses: number[] = [];
    for (let i = 0; i <= limit; i++) {
      statuses.push(
        (await fromNat('POST', '/api/selection/swipe/evaluate-variant', token, { apartmentId: ids[i % ids.length]!, action: 'LIKE' }))
          .status,
      );
    }
    expect(statuses.slice(0, limit).every((s) => s === 200)).toBe(true);
    expect(statuses[limit]).toBe(429);
    // Another buyer behind the same address is not held back by it.
    const other = ((await fromNat('POST', '/passport/data/token')).body.data as { token: string }).token;
    expect((await fromNat('POST', '/api/selection/swipe/evaluate-variant', other, { apartmentId: ids[0]!, action: 'LIKE' })).status).toBe(
      200,
    );
  }, 120_000);
});

describe('anonymous sessions: tokens an attacker holds make no rows', () => {
  const server = useTestServer('pglite');
  const userCount = async () => (await server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM users')).rows[0]!.n;
  const like = (token: string) =>
    server.call({
      method: 'POST',
      url: '/api/selection/swipe/evaluate-variant',
      headers: as(token),
      payload: { apartmentId: [...server.memory().apartments.keys()][0]!, action: 'LIKE' },
    });
  afterEach(() => vi.useRealTimers());

  it('a forged session token (another key, alg none, a session key on a real id) is a 401 and no row', async () => {
    const before = await userCount();
    const sid = 'A'.repeat(22);
    const otherKey = new TextEncoder().encode('another-secret-that-is-at-least-32-bytes!!');
    const forged = await new SignJWT({ id: -5, isAnonymous: true, ver: 0, sid })
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime('1h')
      .sign(otherKey);
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const body = Buffer.from(JSON.stringify({ id: -5, isAnonymous: true, ver: 0, sid, exp: 9_999_999_999 })).toString('base64url');
    // Correctly signed, but a session key claiming a real user's id: refused, never a way into someone's row.
    const onRealId = await new SignJWT({ id: 1, isAnonymous: true, ver: 0, sid })
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime('1h')
      .sign(TEST_SECRET);
    for (const token of [forged, `${header}.${body}.`, onRealId]) expect((await like(token)).status).toBe(401);
    expect(await userCount()).toBe(before);
  });

  it('an expired session token is a 401 and no row', async () => {
    const before = await userCount();
    const old = await new TokenService(TEST_SECRET).issueAnonymous(Date.now() - (TOKEN_TTL_SECONDS + 60) * 1000);
    expect((await like(old.token)).status).toBe(401);
    expect(await userCount()).toBe(before);
  });

  it('a session token replayed after the cleanup removed its user is a 401 and no row', async () => {
    const token = (await server.call<{ data: { token: string } }>({ method: 'POST', url: '/passport/data/token' })).body.data.token;
    expect((await like(token)).status).toBe(200);
    const before = await userCount();
    // Time passes until the cleanup may remove the user: by then the token has expired.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + (TOKEN_TTL_SECONDS + 2 * 86_400) * 1000);
    expect((await runCleanup(server.db, new Date())).anonymousUsers).toBeGreaterThan(0);
    const afterCleanup = await userCount();
    expect(afterCleanup).toBeLessThan(before);
    expect((await like(token)).status).toBe(401);
    expect(await userCount()).toBe(afterCleanup);
  });

  it("signing in merges a session's likes and retires its token, which then makes no new row", async () => {
    const token = (await server.call<{ data: { token: string } }>({ method: 'POST', url: '/passport/data/token' })).body.data.token;
    expect((await like(token)).status).toBe(200);
    const initData = signInitData({ user: { id: 7_701, first_name: 'Вера' }, authDate: Math.floor(Date.now() / 1000) }, TEST_BOT_TOKEN);
    // The account exists already (signed in elsewhere), so the session's likes merge into it.
    const account = await server.call<{ data: { token: string } }>({
      method: 'POST',
      url: '/passport/data/login/telegram/init-data',
      payload: { initData },
    });
    const signedIn = (
      await server.call<{ data: { token: string } }>({
        method: 'POST',
        url: '/passport/data/login/telegram/init-data',
        payload: { initData },
        headers: as(token),
      })
    ).body.data.token;
    expect(account.status).toBe(200);
    const liked = await server.call<{ data: unknown[] }>({
      method: 'GET',
      url: '/api/selection/swipe/profile/liked',
      headers: as(signedIn),
    });
    expect(liked.body.data).toHaveLength(1);
    const before = await userCount();
    expect((await like(token)).status).toBe(401);
    expect(await userCount()).toBe(before);
  });

  it('a session that signs in before writing anything is retired too', async () => {
    const token = (await server.call<{ data: { token: string } }>({ method: 'POST', url: '/passport/data/token' })).body.data.token;
    const initData = signInitData({ user: { id: 7_702, first_name: 'Лев' }, authDate: Math.floor(Date.now() / 1000) }, TEST_BOT_TOKEN);
    await server.call({ method: 'POST', url: '/passport/data/login/telegram/init-data', payload: { initData } });
    const login = await server.call({
      method: 'POST',
      url: '/passport/data/login/telegram/init-data',
      payload: { initData },
      headers: as(token),
    });
    expect(login.status).toBe(200);
    const before = await userCount();
    expect((await like(token)).status).toBe(401);
    expect(await userCount()).toBe(before);
  });
});
