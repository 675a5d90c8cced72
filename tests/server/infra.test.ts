import pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import { closeBindingStreams } from '../../server/http/binding-stream';
import { InProcessQueue } from '../../server/infra/in-process-queue';
import { PgLimitStore } from '../../server/infra/limits';
import { PgEventBus } from '../../server/infra/pg-event-bus';
import { DATABASES, freshPostgres, useTestServer } from './helpers';
import { streamsListening } from './binding-stream-waits';

describe('the in-process job queue keeps the policies of pg-boss', () => {
  it('stately: while one waits, another request for the same key is dropped; singleton: one at a time per key', async () => {
    const queue = new InProcessQueue();
    // A run lasts until every job sent under its name has left the schedule for the runner: a runner that did not keep
    // one key's jobs one at a time would have started the next one meanwhile.
    const untilHandedOver = (name: string) =>
      vi.waitFor(async () => expect((await queue.depth())[name] ?? 0, `${name} jobs still scheduled`).toBe(0), {
        timeout: 5_000,
        interval: 1,
      });
    const runs: string[] = [];
    let running = 0;
    let overlap = false;
    await queue.define<{ n: number }>({
      name: 'stately',
      policy: 'stately',
      run: async ({ n }) => {
        runs.push(`s${n}`);
        await untilHandedOver('stately');
      },
    });
    await queue.define<{ n: number }>({
      name: 'single',
      policy: 'singleton',
      run: async ({ n }) => {
        overlap ||= running > 0;
        running++;
        runs.push(`g${n}`);
        await untilHandedOver('single');
        running--;
      },
    });
    await queue.work();
    await Promise.all([1, 2, 3].map((n) => queue.send('stately', { n }, { singletonKey: 'u1' })));
    await Promise.all([1, 2, 3].map((n) => queue.send('single', { n }, { singletonKey: 'u1' })));
    await queue.idle();
    expect(runs.filter((r) => r.startsWith('s'))).toEqual(['s1']);
    expect(runs.filter((r) => r.startsWith('g'))).toEqual(['g1', 'g2', 'g3']);
    expect(overlap).toBe(false);
  });

  it('retries a failed job, throttles repeated asks, and drops work once stopped', async () => {
    const queue = new InProcessQueue();
    let attempts = 0;
    let ticks = 0;
    await queue.define({
      name: 'flaky-async',
      retryLimit: 2,
      retryDelaySeconds: 0.01,
      run: async () => {
        if (++attempts < 3) throw new Error('нет связи');
      },
    });
    await queue.define({ name: 'tick', run: async () => void ticks++ });
    await queue.work();
    await queue.send('flaky-async', {});
    await queue.idle();
    expect(attempts).toBe(3);
    for (let i = 0; i < 5; i++) await queue.send('tick', {}, { singletonKey: 'tick', throttleSeconds: 60 });
    await queue.idle();
    expect(ticks).toBe(1);
    await queue.stop();
    await queue.send('tick', {}, { singletonKey: 'other' });
    expect(ticks).toBe(1);
  });
});

describe.each(DATABASES)('limits counted in the database on %s', (kind) => {
  const server = useTestServer(kind);
  const rule = { limit: 5, windowMs: 60_000 };

  it('five per key across callers at once; a refused request costs nothing; other keys are untouched', async () => {
    const one = new PgLimitStore(server.db);
    const two = new PgLimitStore(server.db);
    const take = (store: PgLimitStore, key: string) =>
      store.take([{ scope: 'test', key, rule }]).then(
        () => 'ok',
        (error: { kind?: string; retryAfterSeconds?: number }) => `${error.kind}:${error.retryAfterSeconds}`,
      );
    const started = Date.now();
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => take(i % 2 ? one : two, 'client-1')));
    const elapsedSeconds = Math.ceil((Date.now() - started) / 1000);
    expect(results.filter((r) => r === 'ok')).toHaveLength(5);
    const refused = results.filter((r) => r !== 'ok');
    expect(refused).toHaveLength(7);
    // The window's rest, counted from the first hit: a minute less the time these calls took (a busy machine's too).
    for (const answer of refused) {
      const [, kind, retryAfter] = /^(\w+):(\d+)$/.exec(answer) ?? [];
      expect(kind).toBe('TOO_MANY_REQUESTS');
      expect(Number(retryAfter)).toBeLessThanOrEqual(60);
      expect(Number(retryAfter)).toBeGreaterThanOrEqual(59 - elapsedSeconds);
    }
    const { rows } = await server.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM rate_limit_hits WHERE key = 'client-1'`);
    expect(rows[0]!.n).toBe(5);
    expect(await take(one, 'client-2')).toBe('ok');
  });

  it('a request counted against two limits is refused by either and then counts against neither', async () => {
    const store = new PgLimitStore(server.db);
    const tight = { limit: 1, windowMs: 60_000 };
    await store.take([{ scope: 'a', key: 'k', rule: tight }]);
    await expect(
      store.take([
        { scope: 'b', key: 'k', rule: tight },
        { scope: 'a', key: 'k', rule: tight },
      ]),
    ).rejects.toMatchObject({ kind: 'TOO_MANY_REQUESTS' });
    await expect(store.take([{ scope: 'b', key: 'k', rule: tight }])).resolves.toBeUndefined();
  });

  it('a look at a key counts nothing: 0 while it may hit, the wait once it is full', async () => {
    const store = new PgLimitStore(server.db);
    const check = { scope: 'look', key: 'k', rule: { limit: 2, windowMs: 60_000 } };
    for (let i = 0; i < 5; i++) expect(await store.retryAfterMs(check)).toBe(0);
    await store.take([check]);
    expect(await store.retryAfterMs(check)).toBe(0);
    await store.take([check]);
    const wait = await store.retryAfterMs(check);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60_000);
  });
});

describe('readiness and shutdown', () => {
  const server = useTestServer('pglite');

  it('ready while the database answers and the catalogue is loaded; 503 once shutdown begins', async () => {
    const ready = await server.request('ready');
    expect(ready.status).toBe(200);
    expect(ready.body.data).toMatchObject({ status: 'ready', role: 'all', database: 'pglite' });
    server.app.accepting = false;
    try {
      const stopping = await server.call<{ result: string; message: string; statusCode: number }>({ method: 'GET', url: '/api/ready' });
      expect(stopping.status).toBe(503);
      expect(stopping.body).toMatchObject({ result: 'error', message: 'Сервер останавливается', statusCode: 503 });
    } finally {
      server.app.accepting = true;
    }
  });

  it('open binding streams end with a retry hint, so the browser reconnects to another instance', async () => {
    const bearer = await server.anonymousToken();
    const info = (await server.request('telegramBinding', { body: { type: 'login' }, token: bearer })).body.data;
    const stream = server.app.inject({
      method: 'GET',
      url: `/passport/data/events/telegram/${info.eventEmitterId}`,
      headers: { authorization: `Bearer ${bearer}` },
    });
    await streamsListening(info.eventEmitterId);
    const closed = closeBindingStreams(server.db, 1500);
    expect(closed).toBe(1);
    const body = (await stream).body;
    expect(body).toContain(': connected');
    expect(body.trimEnd().endsWith('retry: 1500')).toBe(true);
    expect(body).not.toContain('data:');
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('the event bus on PostgreSQL', () => {
  it('carries ids between instances, skips nothing after a dropped connection, and says it reconnected', async () => {
    const fresh = await freshPostgres();
    const pool = new pg.Pool({ connectionString: fresh.url, max: 2 });
    const notify = (channel: string, payload: string) => pool.query('SELECT pg_notify($1, $2)', [channel, payload]);
    const sender = await PgEventBus.connect({ url: fresh.url, notify });
    const receiver = await PgEventBus.connect({ url: fresh.url, notify });
    try {
      const got: Array<{ origin: string; ids: number[] }> = [];
      receiver.subscribe('users', ({ origin, body }) => got.push({ origin, ids: body.ids }));
      let reconnected = 0;
      receiver.onReconnect(() => reconnected++);
      await sender.publish('users', { ids: [1, 2] });
      await expect.poll(() => got.length).toBe(1);
      expect(got[0]).toEqual({ origin: sender.instanceId, ids: [1, 2] });
      // The listening connection is cut (a database restart, a proxy): the bus comes back and listens again.
      await pool.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'kvarta-bus' AND datname = current_database()`,
      );
      await expect.poll(() => reconnected, { timeout: 10_000 }).toBeGreaterThanOrEqual(1);
      await sender.publish('users', { ids: [3] });
      await expect.poll(() => got.map((g) => g.ids).flat(), { timeout: 5_000 }).toContain(3);
      await expect(sender.publish('users', { ids: Array.from({ length: 3000 }, (_, i) => i) })).rejects.toThrow(/too long/);
    } finally {
      await sender.close();
      await receiver.close();
      await pool.end();
      await fresh.drop();
    }
  });
});
