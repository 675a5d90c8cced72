import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEV_BOT_TOKEN } from '../../server/auth/dev-bot';
import { resolveJwtSecret } from '../../server/auth/jwt-secret';
import { signInitData } from '../../server/auth/telegram-init-data';
import { TokenService } from '../../server/auth/tokens';
import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db/connection';
import { DEV_TOOLS_LOCAL_ONLY_MESSAGE } from '../../server/http/dev-tools-guard';
import { SECRET_GENERATOR } from '../../server/secret-strength';
import { socketLimitsBehind } from '../../server/http/trust-proxy';
import { DATABASES, TEST_OPERATOR_ENV, TEST_TELEGRAM, useTestServer } from './helpers';

const REAL_TOKEN = '123456:REAL_token_of_a_production_bot_0000';
const SECRET = 'a-production-secret-that-is-long-enough-0123456789';
const base = { DATA_DIR: mkdtempSync(join(tmpdir(), 'kvarta-config-')) };
const production = {
  ...base,
  ...TEST_OPERATOR_ENV,
  NODE_ENV: 'production',
  TELEGRAM_BOT_TOKEN: REAL_TOKEN,
  JWT_SECRET: SECRET,
  CATALOGUE: 'feeds',
};
const nowSec = () => Math.floor(Date.now() / 1000);

describe('production refuses to start with development secrets', () => {
  it('names each missing or forbidden variable in Russian', () => {
    expect(() => loadConfig({ ...production, TELEGRAM_BOT_TOKEN: undefined })).toThrow(
      /TELEGRAM_BOT_TOKEN: в production нужен токен настоящего бота/,
    );
    expect(() => loadConfig({ ...production, TELEGRAM_BOT_TOKEN: DEV_BOT_TOKEN })).toThrow(/TELEGRAM_BOT_TOKEN/);
    expect(() => loadConfig({ ...production, JWT_SECRET: undefined })).toThrow(/JWT_SECRET: в production задайте секрет/);
    expect(() => loadConfig({ ...production, DEV_TOOLS_REMOTE: '1' })).toThrow(/DEV_TOOLS_REMOTE/);
    const ok = loadConfig(production);
    expect(ok.telegram).toMatchObject({ botToken: REAL_TOKEN, mode: 'live', standIn: false });
  });

  it('the compiled server (`npm run build:server`, then `node …/main.js`) in production without TELEGRAM_BOT_TOKEN, with a placeholder key and a guessable token, exits non-zero naming each', () => {
    // Built by the project's own command into a folder of this test's (esbuild takes the last --outdir): the
    // end-to-end suite may be starting servers from dist/node at this moment (scripts/test.ts runs both at once).
    const outdir = `dist/test-build-${process.pid}`;
    try {
      const build = spawnSync('npm', ['run', 'build:server', '--', `--outdir=${outdir}`], { encoding: 'utf8', timeout: 60_000 });
      expect(build.status, build.stderr).toBe(0);
      const env = {
        ...process.env,
        ...base,
        NODE_ENV: 'production',
        JWT_SECRET: 'change-me-to-at-least-32-random-bytes-000000',
        ADMIN_TOKEN: 'adminadminadminadminadmin',
        TELEGRAM_BOT_TOKEN: '',
        PORT: '0',
      };
      const run = spawnSync(process.execPath, [`${outdir}/main.js`], { env, encoding: 'utf8', timeout: 60_000 });
      expect(run.status).not.toBe(0);
      expect(run.stderr).toContain('TELEGRAM_BOT_TOKEN: в production нужен токен настоящего бота');
      expect(run.stderr).toContain('JWT_SECRET: значение не годится для production — это заготовка из примера');
      expect(run.stderr).toContain('ADMIN_TOKEN: значение не годится для production — слишком легко подобрать');
    } finally {
      rmSync(outdir, { recursive: true, force: true });
    }
  });
});

describe('production refuses a placeholder, empty or guessable secret, naming the variable', () => {
  const shipped = readFileSync('.env.example', 'utf8');
  const exampleValue = (name: string) => new RegExp(`^${name}=(.*)$`, 'm').exec(shipped)?.[1];

  it('.env.example ships every secret empty, with a one-line way to make one', () => {
    for (const name of ['JWT_SECRET', 'POSTGRES_PASSWORD', 'TELEGRAM_WEBHOOK_SECRET', 'ADMIN_TOKEN', 'METRICS_TOKEN'])
      expect(exampleValue(name), name).toBe('');
    expect(shipped).toContain(SECRET_GENERATOR);
  });

  it('the placeholders .env.example used to ship, and guessable values, are refused by name', () => {
    const refused = (env: Record<string, string>, name: string) =>
      expect(() => loadConfig({ ...production, ...env }), name).toThrow(new RegExp(`${name}: .*не годится для production`));
    refused({ JWT_SECRET: 'change-me-to-at-least-32-random-bytes-000000' }, 'JWT_SECRET');
    refused({ JWT_SECRET: 'x'.repeat(40) }, 'JWT_SECRET');
    refused({ JWT_SECRET: 'abcdefghijklmnopqrstuvwxyz0123456789' }, 'JWT_SECRET');
    refused({ JWT_SECRET: 'Summer2026!Summer2026!Summer2026!' }, 'JWT_SECRET');
    refused({ POSTGRES_PASSWORD: 'change-me-to-a-long-random-password' }, 'POSTGRES_PASSWORD');
    refused({ POSTGRES_PASSWORD: '' }, 'POSTGRES_PASSWORD');
    refused({ DATABASE_URL: 'postgres://kvarta:change-me-to-a-long-random-password@postgres:5432/kvarta' }, 'DATABASE_URL');
    refused({ DATABASE_URL: 'postgres://kvarta:password123@postgres:5432/kvarta' }, 'DATABASE_URL');
    refused({ ADMIN_TOKEN: 'adminadminadminadminadmin' }, 'ADMIN_TOKEN');
    refused({ TELEGRAM_WEBHOOK_SECRET: 'your-secret-token-here' }, 'TELEGRAM_WEBHOOK_SECRET');
  });

  it('a generated secret of each kind is accepted', () => {
    const fresh = () => randomBytes(32).toString('hex');
    const password = fresh();
    const config = loadConfig({
      ...production,
      JWT_SECRET: fresh(),
      POSTGRES_PASSWORD: password,
      DATABASE_URL: `postgres://kvarta:${password}@postgres:5432/kvarta`,
      ADMIN_TOKEN: fresh(),
      METRICS_TOKEN: fresh(),
      TELEGRAM_WEBHOOK_SECRET: fresh(),
    });
    expect(config.env).toBe('production');
    // Development keeps working without any secret (the signing key then lives in the database).
    expect(loadConfig({ ...base, JWT_SECRET: 'change-me-to-at-least-32-random-bytes-000000' }).env).toBe('development');
  });
});

describe('with a real bot token, initData signed with the development token is refused', () => {
  const live = loadConfig(production).telegram;
  const server = useTestServer('pglite', { telegram: { ...live, mode: 'offline' } });
  it('401 for the dev signature, 200 for the real one', async () => {
    const login = (token: string) =>
      server.request('loginInitData', {
        body: { initData: signInitData({ user: { id: 9001, first_name: 'A' }, authDate: nowSec() }, token) },
      });
    expect((await login(DEV_BOT_TOKEN)).status).toBe(401);
    expect((await login(REAL_TOKEN)).status).toBe(200);
  });
});

describe('the stand-in, the sandbox and dev-signed sign-ins answer only this machine', () => {
  const devTelegram = { ...TEST_TELEGRAM, botToken: DEV_BOT_TOKEN };
  const server = useTestServer('pglite', { telegram: devTelegram });
  const start = (remoteAddress: string) =>
    server.call({ method: 'POST', url: '/dev/telegram/start', remoteAddress, payload: { user: { id: 77, first_name: 'A' } } });

  it('another machine gets 403 in the envelope; loopback works', async () => {
    for (const remote of ['192.168.1.20', '10.0.0.5', '203.0.113.9', '::ffff:192.168.1.20']) {
      const res = await start(remote);
      expect(res.status, remote).toBe(403);
      expect(res.body).toMatchObject({ result: 'error', statusCode: 403, message: DEV_TOOLS_LOCAL_ONLY_MESSAGE });
    }
    for (const path of ['/dev/telegram', '/dev/telegram/messages?chatId=77', '/dev/telegram/managers', '/dev/payments/abcdef12-0000']) {
      expect((await server.app.inject({ method: 'GET', url: path, remoteAddress: '192.168.1.20' })).statusCode, path).toBe(403);
    }
    for (const local of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) expect((await start(local)).status, local).toBe(200);
  });

  it('initData signed with the public development token signs in only from loopback', async () => {
    const initData = signInitData({ user: { id: 78, first_name: 'A' }, authDate: nowSec() }, DEV_BOT_TOKEN);
    const login = (remoteAddress: string) =>
      server.call({ method: 'POST', url: '/passport/data/login/telegram/init-data', remoteAddress, payload: { initData } });
    expect((await login('192.168.1.20')).status).toBe(403);
    expect((await login('127.0.0.1')).status).toBe(200);
  });

  it('a percent-encoded path does not walk around the fence (the router decodes before it matches)', async () => {
    const remote = '203.0.113.5';
    const start = await server.call({
      method: 'POST',
      url: '/%64ev/telegram/start',
      remoteAddress: remote,
      payload: { user: { id: 81, first_name: 'A' } },
    });
    expect(start.status).toBe(403);
    expect((await server.app.inject({ method: 'GET', url: '/%64ev/telegram', remoteAddress: remote })).statusCode).toBe(403);
    expect((await server.app.inject({ method: 'GET', url: '/%64ev/telegram/messages?chatId=77', remoteAddress: remote })).statusCode).toBe(
      403,
    );
    const initData = signInitData({ user: { id: 82, first_name: 'A' }, authDate: nowSec() }, DEV_BOT_TOKEN);
    const login = await server.call({
      method: 'POST',
      url: '/passport/data/login/telegram/init-dat%61',
      remoteAddress: remote,
      payload: { initData },
    });
    expect(login.status).toBe(403);
  });

  it('a forged X-Forwarded-For does not make a remote client local', async () => {
    const res = await server.call({
      method: 'POST',
      url: '/dev/telegram/start',
      remoteAddress: '192.168.1.20',
      headers: { 'x-forwarded-for': '127.0.0.1' },
      payload: { user: { id: 79, first_name: 'A' } },
    });
    expect(res.status).toBe(403);
  });
});

describe('DEV_TOOLS_REMOTE=1 opens them to a closed network', () => {
  const server = useTestServer('pglite', { devToolsRemote: true });
  it('another machine reaches the stand-in', async () => {
    const res = await server.call({
      method: 'POST',
      url: '/dev/telegram/start',
      remoteAddress: '192.168.1.20',
      payload: { user: { id: 80, first_name: 'A' } },
    });
    expect(res.status).toBe(200);
  });
});

describe('TRUST_PROXY takes a hop count or proxy addresses, never the whole chain', () => {
  it('parses hops and addresses and refuses `true` and junk', () => {
    expect(loadConfig({ ...base, TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ ...base, TRUST_PROXY: '10.0.0.1, 192.168.0.0/16,loopback' }).trustProxy).toEqual([
      '10.0.0.1',
      '192.168.0.0/16',
      'loopback',
    ]);
    expect(loadConfig({ ...base, TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(() => loadConfig({ ...base, TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY: доверять всей цепочке X-Forwarded-For нельзя/);
    expect(() => loadConfig({ ...base, TRUST_PROXY: '10.0.0.1/99' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ ...base, TRUST_PROXY: 'evil.example' })).toThrow(/TRUST_PROXY/);
  });

  it('behind a hop count the socket cap is off (every client shares the proxy’s address); named proxies are exempt from it', () => {
    const limits = { maxConnectionsPerIp: 64, requestTimeoutMs: 30_000 };
    expect(socketLimitsBehind(1, limits)).toMatchObject({ maxConnectionsPerIp: 0, trustedProxyAddresses: [] });
    expect(socketLimitsBehind(['10.0.0.1'], limits)).toMatchObject({ maxConnectionsPerIp: 64, trustedProxyAddresses: ['10.0.0.1'] });
    expect(socketLimitsBehind(false, limits)).toMatchObject({ maxConnectionsPerIp: 64, trustedProxyAddresses: [] });
  });

  const callback = {
    userName: 'Иван',
    phone: '+7 912 345 67 89',
    cityName: 'Москва',
    refererUrl: 'http://localhost/',
    extraField: 'x',
    agreed: true,
  };
  const lastIp = async (server: ReturnType<typeof useTestServer>) =>
    (await server.db.query<{ client_ip: string }>('SELECT client_ip FROM callback_requests ORDER BY id DESC LIMIT 1')).rows[0]!.client_ip;

  describe('one hop', () => {
    const server = useTestServer('pglite', { trustProxy: 1 });
    it('takes the address the proxy appended, not one the client forged before it', async () => {
      const res = await server.call({
        method: 'POST',
        url: '/bot-api/callback/sale',
        payload: callback,
        remoteAddress: '10.0.0.1',
        headers: { 'x-forwarded-for': '1.2.3.4, 203.0.113.7' },
      });
      expect(res.status).toBe(200);
      expect(await lastIp(server)).toBe('203.0.113.7');
    });
  });

  describe('named proxies', () => {
    const server = useTestServer('pglite', { trustProxy: ['10.0.0.1'] });
    it('believes the header only from the named proxy', async () => {
      await server.call({
        method: 'POST',
        url: '/bot-api/callback/sale',
        payload: callback,
        remoteAddress: '10.0.0.1',
        headers: { 'x-forwarded-for': '203.0.113.8' },
      });
      expect(await lastIp(server)).toBe('203.0.113.8');
      await server.call({
        method: 'POST',
        url: '/bot-api/callback/sale',
        payload: callback,
        remoteAddress: '198.51.100.4',
        headers: { 'x-forwarded-for': '203.0.113.9' },
      });
      expect(await lastIp(server)).toBe('198.51.100.4');
    });
  });
});

describe.each(DATABASES)('one JWT secret for every instance on a database (%s)', (kind) => {
  it('two instances resolve the same key and accept each other’s tokens', async () => {
    const db = await openDatabase(kind === 'postgres' ? { databaseUrl: process.env.TEST_DATABASE_URL } : {});
    try {
      await db.migrate();
      await db.query("DELETE FROM server_secrets WHERE name = 'jwt'");
      const [a, b] = await Promise.all([resolveJwtSecret(db, undefined), resolveJwtSecret(db, undefined)]);
      expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true);
      expect(a.length).toBeGreaterThanOrEqual(32);
      const issued = await new TokenService(a).issue({ id: 1, isAnonymous: true, tokenVersion: 0 });
      expect(await new TokenService(b).verify(issued.token)).toMatchObject({ id: 1 });
      const fromEnv = new TextEncoder().encode(SECRET);
      expect(await resolveJwtSecret(db, fromEnv)).toBe(fromEnv);
    } finally {
      await db.close();
    }
  });
});
