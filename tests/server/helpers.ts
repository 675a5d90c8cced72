import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { FastifyInstance, InjectOptions, RouteOptions } from 'fastify';
import { afterAll, beforeAll, inject } from 'vitest';
import { API_BASES, endpoints, type EndpointName, type Endpoints } from '@kvarta/contract';
import { TRIAL_PROMOCODE } from '@kvarta/contract/lira-rules';
import { signInitData } from '../../server/auth/telegram-init-data';
import { buildApp, type BuildAppOptions } from '../../server/app';
import type { Queryable } from '../../server/core/database';
import type { InProcessQueue } from '../../server/infra/in-process-queue';
import type { JobQueue } from '../../server/infra/job-queue';
import type { TelegramConfig } from '../../server/config';
import { prepareDatabase } from '../../server/bootstrap';
import type { TrustProxy } from '../../server/http/trust-proxy';
import { openDatabase, type Database } from '../../server/db/connection';
import { scaledRateLimits, type AppRateLimits } from '../../server/http/app-limits';
import { scaledRenderLimits } from '../../server/http/render-gate';
import { pgliteImage, TEST_CATALOGUE_SIZE } from './test-database';
import type { Payment, Subscription } from '@kvarta/contract/subscription';
import type { FakeCloudPaymentsState } from '../../server/dev/cloudpayments/fake';
export { TEST_CATALOGUE_SIZE };

export const TEST_SECRET = new TextEncoder().encode('test-secret-that-is-at-least-32-bytes-long!!');
/** Offline Telegram: signatures are checked with this token, nothing is contacted. */
export const TEST_BOT_TOKEN = '123456:TEST_token_for_kvarta_server_tests_000';
export const TEST_TELEGRAM: TelegramConfig = {
  botToken: TEST_BOT_TOKEN,
  botUsername: 'kvarta_test_bot',
  mode: 'offline',
  standIn: true,
  webhookSecret: undefined,
};

/** Databases the server suite runs on: always PGlite in memory; PostgreSQL too where TEST_DATABASE_URL is set. */
export const DATABASES: Array<'pglite' | 'postgres'> = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

/**
 * A fresh PostgreSQL database on the TEST_DATABASE_URL server, dropped when the file ends: empty, or a copy of
 * `template` (a prepared database no one is connected to).
 */
export async function freshPostgres(template?: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const base = new URL(process.env.TEST_DATABASE_URL!);
  const name = `kvarta_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base.toString() });
  await admin.connect();
  await admin.query(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: base.toString() });
      await client.connect();
      // The file's pool has just been ended, but its sockets may still be closing: terminating them
      // (WITH (FORCE)) then raises an unhandled error in the ending client. Wait for them to go first.
      try {
        for (let attempt = 0; ; attempt++) {
          try {
            await client.query(`DROP DATABASE IF EXISTS ${name}`);
            break;
          } catch (error) {
            if ((error as { code?: string }).code !== '55006' || attempt >= 50) {
              await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
              break;
            }
            await new Promise((resolve) => setTimeout(resolve, 100));
          }
        }
      } finally {
        await client.end();
      }
    },
  };
}

/** What a test sends to a contract route; `hostile(…)` marks a part that is wrong on purpose. */
export interface RouteRequest<N extends EndpointName> {
  params?: Endpoints[N]['params'];
  query?: Endpoints[N]['query'];
  body?: Endpoints[N]['body'];
  /** The bearer token; for other headers (or a malformed Authorization) use `headers`. */
  token?: string;
  headers?: Record<string, string>;
}

/** Either envelope, typed loosely so a test can read `data` on success and `message` on failure. */
export interface RouteAnswer<N extends EndpointName> {
  status: number;
  body: { result: 'ok' | 'error'; data: Endpoints[N]['response']; message: string; statusCode: number; detail?: unknown };
  headers: Record<string, unknown>;
  raw: string;
}

/** A deliberately invalid request part: the type system steps aside, the server must refuse it. */
export const hostile = (value: unknown): never => value as never;

/** `Authorization: Bearer …` */
export const as = (token: string) => ({ authorization: `Bearer ${token}` });

/** The URL of a contract route: base + path with its params, then the query. */
export function urlOf(name: EndpointName, params: object = {}, query: object = {}): string {
  const { service, path } = endpoints[name];
  const values = params as Record<string, unknown>;
  const filled = path.replace(/\{(\w+)\}/g, (_, key: string) => encodeURIComponent(String(values[key])));
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) search.append(key, String(item));
  }
  const rest = search.toString();
  return `${API_BASES[service]}${filled}${rest ? `?${rest}` : ''}`;
}

export interface TestServer {
  /** A contract route by name: method and URL from the contract, the answer typed from its response schema. */
  request<N extends EndpointName>(name: N, options?: RouteRequest<N>): Promise<RouteAnswer<N>>;
  app: FastifyInstance;
  db: Database;
  /** `app.inject` that parses the JSON body. */
  call<T = unknown>(options: InjectOptions): Promise<{ status: number; body: T; headers: Record<string, unknown>; raw: string }>;
  anonymousToken(): Promise<string>;
  /** The app's in-memory catalogue, to pick real ids. */
  memory(): FastifyInstance['memory'];
  engine(): FastifyInstance['engine'];
  /** Every route the app registered, as the onRoute hook saw it. */
  routes(): RouteOptions[];
}

/** Builds an app on a fresh database of the given kind, for one test file. */
export function useTestServer(
  kind: 'pglite' | 'postgres' = 'pglite',
  overrides: {
    telegram?: TelegramConfig;
    env?: 'test' | 'production';
    trustProxy?: TrustProxy;
    devToolsRemote?: boolean;
    rateLimits?: Partial<AppRateLimits>;
    logLines?: string[];
    app?: Partial<BuildAppOptions>;
    /** false: CATALOGUE=feeds, no generated listings. */
    demoCatalogue?: boolean;
    /** The job queue, made on the file's database (default: the in-process queue). */
    queue?: (db: Database) => Promise<JobQueue>;
  } = {},
): TestServer {
  const server = {} as TestServer;
  let drop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    // The prepared copy has the demo catalogue and promocodes; other set-ups are built here as the server would.
    const prepared = overrides.env !== 'production' && overrides.demoCatalogue !== false;
    let db: Database;
    if (kind === 'postgres') {
      const fresh = await freshPostgres(prepared ? (inject('postgresTemplate') ?? undefined) : undefined);
      drop = fresh.drop;
      db = await openDatabase({ databaseUrl: fresh.url });
    } else {
      db = await openDatabase(prepared ? { pgliteImage: pgliteImage(inject('pgliteImage')) } : {});
    }
    // On the copy this is the server's second start: migrations, seeds and the catalogue are found up to date.
    await prepareDatabase(db, {
      catalogueSize: TEST_CATALOGUE_SIZE,
      demoPromocodes: overrides.env !== 'production',
      demoCatalogue: overrides.demoCatalogue,
    });
    const emptyDir = mkdtempSync(join(tmpdir(), 'kvarta-nobuild-'));
    const { app, routes } = await buildApp({
      db,
      jwtSecret: TEST_SECRET,
      env: overrides.env ?? 'test',
      // A test that reads the log passes an array: every line lands there at 'info'.
      logLevel: overrides.logLines ? 'info' : 'silent',
      logStream: overrides.logLines ? { write: (line: string) => void overrides.logLines!.push(line) } : undefined,
      frontEnds: { web: emptyDir, miniapp: emptyDir },
      telegram: overrides.telegram ?? TEST_TELEGRAM,
      trustProxy: overrides.trustProxy,
      devToolsRemote: overrides.devToolsRemote,
      // Every answer of a contract route is checked against its response schema: a mismatch is a 500 naming the field.
      checkResponses: true,
      // Every test request comes from one address: generous unless a test is about the limits.
      rateLimits: overrides.rateLimits ?? scaledRateLimits(1000),
      renderLimits: scaledRenderLimits(1000),
      ...(overrides.queue ? { queue: await overrides.queue(db) } : {}),
      ...overrides.app,
    });
    server.routes = () => routes;
    server.app = app;
    server.memory = () => app.memory;
    server.engine = () => app.engine;
    server.db = db;
    server.call = async <T>(options: InjectOptions) => {
      const res = await app.inject(options);
      let body: unknown = res.body;
      try {
        body = JSON.parse(res.body);
      } catch {
        /* not JSON: keep the text */
      }
      return { status: res.statusCode, body: body as T, headers: res.headers, raw: res.body };
    };
    server.request = async <N extends EndpointName>(name: N, options: RouteRequest<N> = {}) => {
      const headers = { ...(options.token ? as(options.token) : {}), ...options.headers };
      const res = await server.call<RouteAnswer<N>['body']>({
        method: endpoints[name].method,
        url: urlOf(name, options.params ?? {}, options.query ?? {}),
        headers,
        ...(options.body !== undefined ? { payload: options.body as InjectOptions['payload'] } : {}),
      });
      return res;
    };
    server.anonymousToken = async () => (await server.request('passportToken')).body.data.token;
  });
  afterAll(async () => {
    await server.app?.close();
    await server.db?.close();
    await drop?.();
  });
  return server;
}

// ---- Fixtures shared by the suite ----

export const liraPayload = {
  filters: {
    cityIds: [77],
    priceTotalMinGte: 10_000_000,
    priceTotalMinLte: 25_000_000,
    roomsCntForFilter: [1, 2],
    realtyType: 'ALL' as const,
  },
  portraitId: 1,
  wishGroups: { METRO_NEARBY: 'VERY_IMPORTANT', SCHOOL: null, BIG_KITCHEN: 'NOT_IMPORTANT' },
} satisfies Endpoints['liraProfileCreate']['body'];

/** Paying by card as the website does: a payment started for the user, then the fake CloudPayments widget's charge. */
export function cardPayments(server: TestServer) {
  const start = async (token: string, body: object = { days: 30 }) =>
    (
      await server.call<{ result: 'ok'; data: Payment }>({
        method: 'POST',
        url: '/api/cabinet/payments',
        payload: { serviceType: 'LIRA_4', receiptEmail: 'buyer@example.ru', ...body },
        headers: as(token),
      })
    ).body.data;
  const charge = async (p: Payment, cardNumber = '4242 4242 4242 4242') => {
    if (p.checkout?.kind !== 'cloudpayments') throw new Error('not a card payment');
    const res = await server.call<{ result: 'ok'; data: { success: boolean; reason: string | null } }>({
      method: 'POST',
      url: '/dev/cloudpayments/charge',
      payload: { options: p.checkout.options, cardNumber },
    });
    return res.body.data;
  };
  /** The clock the server reads, moved by a test: a file that moves it puts it back after each test. */
  const at = (date: Date) => {
    server.app.now = () => date;
  };
  const queue = () => server.app.queue as InProcessQueue;
  const subscription = async (token: string) =>
    (
      await server.call<{ result: 'ok'; data: Subscription }>({
        method: 'GET',
        url: '/api/cabinet/profile/subscription',
        headers: as(token),
      })
    ).body.data;
  const fakeState = async () =>
    (await server.call<{ result: 'ok'; data: FakeCloudPaymentsState }>({ method: 'GET', url: '/dev/cloudpayments/state' })).body.data;
  return { start, charge, at, queue, subscription, fakeState };
}

let telegramIds = 5000;
/**
 * A user signed in through Telegram (AI search needs one): user id, Telegram id, and two sessions of the account —
 * `token` the website's (it pays by card), `miniAppToken` the Mini App's from its initData (it pays with Stars only).
 */
export async function signedInUser(
  server: TestServer,
): Promise<{ token: string; miniAppToken: string; userId: number; telegramId: number }> {
  const telegramId = ++telegramIds;
  const initData = signInitData({ user: { id: telegramId, first_name: 'Лира' }, authDate: Math.floor(Date.now() / 1000) }, TEST_BOT_TOKEN);
  const res = await server.request('loginInitData', { body: { initData } });
  const miniAppToken = res.body.data.token;
  const { rows } = await server.db.query<{ id: number; token_version: number }>(
    'SELECT id, token_version FROM users WHERE telegram_id = $1',
    [String(telegramId)],
  );
  const userId = rows[0]!.id;
  // The same account signed in on the website (as the bot's confirmation or the Login Widget issue it).
  const { token } = await server.app.tokens.issue({ id: userId, isAnonymous: false, tokenVersion: rows[0]!.token_version });
  return { token, miniAppToken, userId, telegramId };
}

/** Profile created, trial taken, agent started and its first batch made (by calling the matcher directly). */
export async function runningUser(server: TestServer, payload: Endpoints['liraProfileCreate']['body'] = liraPayload) {
  const user = await signedInUser(server);
  await server.request('liraProfileCreate', { body: payload, token: user.token });
  await server.request('subscribe', { body: { promocode: TRIAL_PROMOCODE, days: 3, serviceType: 'LIRA_4' }, token: user.token });
  await server.request('liraStatus', { body: { status: 'START' }, token: user.token });
  return user;
}

/** A real-looking operator (not .env.example's sample, which production refuses): production's configs need one. */
export const TEST_OPERATOR_ENV = {
  LEGAL_NAME: 'ООО «Кварта»',
  LEGAL_INN: '7712345678',
  LEGAL_OGRN: '1187746123450',
  LEGAL_ADDRESS: '190000, г. Санкт-Петербург, ул. Тестовая, д. 5',
  SUPPORT_PHONE: '+7 812 000-00-00',
  SUPPORT_EMAIL: 'pay@kvarta.test',
};

/** The listing an imported offer (by its source and internal id) belongs to. */
export async function feedListingOf(db: Queryable, source: string, internalId: string): Promise<number> {
  const { rows } = await db.query<{ apartment_id: number }>('SELECT apartment_id FROM feed_offers WHERE source = $1 AND internal_id = $2', [
    source,
    internalId,
  ]);
  return Number(rows[0]!.apartment_id);
}
