import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../../server/app';
import type { AppContext } from '../../server/context';
import type { TelegramConfig } from '../../server/config';
import { prepareDatabase } from '../../server/bootstrap';
import { openDatabase, type Database } from '../../server/db/connection';

export const TEST_SECRET = new TextEncoder().encode('test-secret-that-is-at-least-32-bytes-long!!');
/** Offline Telegram: signatures are checked with this token, nothing is contacted. */
export const TEST_BOT_TOKEN = '123456:TEST_token_for_kvarta_server_tests_000';
export const TEST_TELEGRAM: TelegramConfig = { botToken: TEST_BOT_TOKEN, botUsername: 'kvarta_test_bot', mode: 'offline', standIn: true, webhookSecret: undefined };

/** A small catalogue keeps each test file's database quick to build. */
export const TEST_CATALOGUE_SIZE = 4_000;

/** Databases the server suite runs on: always PGlite in memory; PostgreSQL too where TEST_DATABASE_URL is set. */
export const DATABASES: Array<'pglite' | 'postgres'> = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

/** A fresh PostgreSQL database on the TEST_DATABASE_URL server, dropped when the file ends. */
async function freshPostgres(): Promise<{ url: string; drop: () => Promise<void> }> {
  const base = new URL(process.env.TEST_DATABASE_URL!);
  const name = `kvarta_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base.toString() });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
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

export interface TestServer {
  app: FastifyInstance;
  db: Database;
  /** `app.inject` that parses the JSON body. */
  call<T = unknown>(options: InjectOptions): Promise<{ status: number; body: T; headers: Record<string, unknown>; raw: string }>;
  anonymousToken(): Promise<string>;
  /** The app's in-memory catalogue, to pick real ids. */
  memory(): AppContext['memory'];
  engine(): AppContext['engine'];
  ctx(): AppContext;
}

/** Builds an app on a fresh database of the given kind, for one test file. */
export function useTestServer(kind: 'pglite' | 'postgres' = 'pglite', overrides: { telegram?: TelegramConfig; env?: 'test' | 'production'; paymentsSandbox?: boolean; trustProxy?: boolean } = {}): TestServer {
  const server = {} as TestServer;
  let drop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    let db: Database;
    if (kind === 'postgres') {
      const fresh = await freshPostgres();
      drop = fresh.drop;
      db = await openDatabase({ databaseUrl: fresh.url });
    } else {
      db = await openDatabase({});
    }
    await prepareDatabase(db, { catalogueSize: TEST_CATALOGUE_SIZE });
    const emptyDir = mkdtempSync(join(tmpdir(), 'kvarta-nobuild-'));
    const { app, ctx } = await buildApp({
      db,
      jwtSecret: TEST_SECRET,
      env: overrides.env ?? 'test',
      logLevel: 'silent',
      frontEnds: { web: emptyDir, miniapp: emptyDir },
      telegram: overrides.telegram ?? TEST_TELEGRAM,
      paymentsSandbox: overrides.paymentsSandbox,
      trustProxy: overrides.trustProxy,
    });
    server.ctx = () => ctx;
    server.app = app;
    server.memory = () => ctx.memory;
    server.engine = () => ctx.engine;
    server.db = db;
    server.call = async <T>(options: InjectOptions) => {
      const res = await app.inject(options);
      let body: unknown = res.body;
      try {
        body = JSON.parse(res.body);
      } catch {
        /* not JSON: keep the text */
      }
      return { status: res.statusCode, body: body as T, headers: res.headers as Record<string, unknown>, raw: res.body };
    };
    server.anonymousToken = async () => {
      const res = await server.call<{ data: { token: string } }>({ method: 'POST', url: '/passport/data/token' });
      return res.body.data.token;
    };
  });
  afterAll(async () => {
    await server.app?.close();
    await server.db?.close();
    await drop?.();
  });
  return server;
}
