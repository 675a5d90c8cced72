import { TRIAL_PROMOCODE } from '@kvarta/contract/lira-rules';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_BOT_TOKEN } from '../../server/auth/dev-bot';
import { signInitData } from '../../server/auth/telegram-init-data';
import { apiOf, eventually, freshDatabase, startInstance, stopInstance, waitReady, type Instance } from './instances';

/**
 * Two ROLE=web instances and one ROLE=worker on one fresh PostgreSQL database, started as a deployment starts them.
 * Each test speaks to the instances over HTTP and reads the database to count what went out.
 */
type Ok<T> = { result: 'ok'; data: T };
const BASE_PORT = 18_400 + Math.floor(Math.random() * 500);
const SEND_DELAY_MS = 250;
const figures: Record<string, number | string> = {};

const env = (url: string): Record<string, string> => ({
  DATABASE_URL: url,
  NODE_ENV: 'test',
  LOG_LEVEL: 'warn',
  CATALOGUE_SIZE: '1500',
  LIRA_AGENT_SECONDS: '1',
  LIRA_FIRST_BATCH_DELAY_MS: '300',
  LIRA_SEND_LEASE_SECONDS: '3',
  TELEGRAM_OFFLINE_SEND_DELAY_MS: String(SEND_DELAY_MS),
  SHUTDOWN_TIMEOUT_MS: '3000',
});

describe('the cluster: two web instances and a worker on PostgreSQL', () => {
  let database: { url: string; drop: () => Promise<void> };
  let db: pg.Pool;
  let a: Instance;
  let b: Instance;
  let worker: Instance;
  const all = () => [a, b, worker];

  beforeAll(async () => {
    database = await freshDatabase();
    db = new pg.Pool({ connectionString: database.url, max: 2 });
    // All three at once: they take turns at the startup lock (migrations, catalogue) and share what the first made.
    a = startInstance('web', BASE_PORT, env(database.url));
    b = startInstance('web', BASE_PORT + 1, env(database.url));
    worker = startInstance('worker', BASE_PORT + 2, env(database.url));
    await Promise.all(all().map((i) => waitReady(i)));
  }, 180_000);

  afterAll(async () => {
    await Promise.all(all().map((i) => stopInstance(i)));
    await db?.end();
    await database?.drop();
    console.log(`cluster figures: ${JSON.stringify(figures)}`);
  }, 60_000);

  const count = async (sql: string, params: unknown[] = []) => Number((await db.query<{ n: number }>(sql, params)).rows[0]!.n);
  const databaseNow = async () => (await db.query<{ now: Date }>('SELECT now()')).rows[0]!.now;
  /**
   * «Nothing more goes out» as a state: the workers have finished `rounds` more agent rounds since now (each would
   * have queued a run for a profile still due), no run is waiting or under way in a live worker and no batch is being
   * sent (a killed worker's run stays 'active' until pg-boss expires it: `liveSince` leaves out what started before
   * the restart).
   */
  const agentSettled = async (liveSince: Date | null = null, rounds = 3) => {
    const since = await databaseNow();
    await eventually(
      async () =>
        (await count(`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'lira-round' AND state = 'completed' AND completed_on > $1`, [
          since,
        ])) >= rounds &&
        (await count(
          `SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'lira-run'
             AND (state IN ('created', 'retry') OR (state = 'active' AND ($1::timestamptz IS NULL OR started_on > $1)))`,
          [liveSince],
        )) === 0 &&
        // No worker holds a user's messages: whoever was sending a batch has finished it.
        (await count('SELECT count(*)::int AS n FROM lira_profiles WHERE notify_lease_until > now()')) === 0
          ? true
          : undefined,
      20_000,
    );
  };
  let telegramIds = 880_000;
  /** A Telegram user signed in through the Mini App on `via`. */
  const telegramUser = async (via: Instance) => {
    const telegramId = ++telegramIds;
    const initData = signInitData(
      { user: { id: telegramId, first_name: 'Кластер' }, authDate: Math.floor(Date.now() / 1000) },
      DEV_BOT_TOKEN,
    );
    const res = await apiOf(via).call<Ok<{ token: string }>>('POST', '/passport/data/login/telegram/init-data', { initData });
    expect(res.status).toBe(200);
    return { token: res.body.data.token, telegramId };
  };
  /** Profile, trial and START through the web instances; the worker does the rest. */
  const startLira = async (token: string) => {
    const profile = {
      filters: {
        cityIds: [77],
        priceTotalMinGte: 5_000_000,
        priceTotalMinLte: 60_000_000,
        roomsCntForFilter: [1, 2, 3],
        realtyType: 'ALL',
      },
      portraitId: 1,
      wishGroups: { METRO_NEARBY: 'VERY_IMPORTANT', SCHOOL: null, BIG_KITCHEN: 'NOT_IMPORTANT' },
    };
    expect((await apiOf(a).call('POST', '/api/selection/lira/profile', profile, token)).status).toBe(200);
    const trial = { promocode: TRIAL_PROMOCODE, days: 3, serviceType: 'LIRA_4' };
    expect((await apiOf(b).call('POST', '/api/cabinet/profile/subscription', trial, token)).status).toBe(200);
    expect((await apiOf(a).call('PUT', '/api/selection/lira/profile/status', { status: 'START' }, token)).status).toBe(200);
  };
  // The agent's batches: one album each (a picture per apartment, the list as its caption), then the buttons' message.
  const albumsTo = (chatId: number) =>
    db
      .query<{ text: string; pictures: number }>(
        'SELECT text, jsonb_array_length(album)::int AS pictures FROM stand_in_messages WHERE chat_id = $1 AND album IS NOT NULL ORDER BY id',
        [chatId],
      )
      .then((r) => r.rows);

  it('every instance is ready and reports its role', async () => {
    for (const instance of all()) {
      const ready = await apiOf(instance).call<Ok<{ role: string; database: string }>>('GET', '/api/ready');
      expect(ready.body.data).toMatchObject({ role: instance.role, database: 'postgres' });
    }
  });

  it('a token issued by A works on B', async () => {
    const issued = await apiOf(a).call<Ok<{ token: string }>>('POST', '/passport/data/token');
    const profile = await apiOf(b).call<Ok<{ id: number }>>('GET', '/api/cabinet/profile', undefined, issued.body.data.token);
    expect(profile.status).toBe(200);
  });

  it('a sign-in opened on A and confirmed through the stand-in on B completes on A’s stream within 2 s', async () => {
    const bearer = (await apiOf(a).call<Ok<{ token: string }>>('POST', '/passport/data/token')).body.data.token;
    const info = (
      await apiOf(a).call<Ok<{ eventEmitterId: string; telegramBindingToken: string }>>(
        'POST',
        '/passport/data/telegram',
        { type: 'login' },
        bearer,
      )
    ).body.data;
    const stream = fetch(`${a.url}/passport/data/events/telegram/${info.eventEmitterId}`, {
      headers: { authorization: `Bearer ${bearer}` },
    }).then(async (r) => {
      const body = await r.text();
      return { at: performance.now(), body };
    });
    const user = { id: ++telegramIds, first_name: 'Вход' };
    expect((await apiOf(b).call('POST', '/dev/telegram/start', { token: info.telegramBindingToken, user })).status).toBe(200);
    const pressedAt = performance.now();
    const pressed = await apiOf(b).call<Ok<{ text: string }>>('POST', '/dev/telegram/callback', {
      data: `signin:ok:${info.telegramBindingToken}`,
      user,
    });
    expect(pressed.body.data.text).toBe('Вход подтверждён');
    const outcome = await stream;
    const ms = Math.round(outcome.at - pressedAt);
    figures.bindingAcrossInstancesMs = ms;
    expect(outcome.body).toMatch(/data: \{"status":"ok","token":"/);
    expect(ms).toBeLessThan(2_000);
  });

  it('five call-back requests per client in total across both instances, each delivered to the managers once', async () => {
    const token = (await apiOf(a).call<Ok<{ token: string }>>('POST', '/passport/data/token')).body.data.token;
    const request = (n: number) => ({
      userName: `Клиент ${n}`,
      phone: `+7900000${String(1000 + n)}`,
      cityName: 'Москва',
      refererUrl: '',
      extraField: `кластер-${token.slice(-8)}-${n}`,
      agreed: true,
    });
    const statuses: number[] = [];
    for (let n = 0; n < 8; n++)
      statuses.push((await apiOf(n % 2 === 0 ? a : b).call('POST', '/bot-api/callback/sale', request(n), token)).status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(3);
    const mark = `кластер-${token.slice(-8)}-`;
    const delivered = await eventually(async () => {
      const { rows } = await db.query<{ text: string }>(`SELECT text FROM stand_in_messages WHERE text LIKE $1`, [`%${mark}%`]);
      return rows.length >= 5 ? rows : undefined;
    }, 10_000);
    figures.callbacksAccepted = statuses.filter((s) => s === 200).length;
    expect(delivered).toHaveLength(5);
    expect(new Set(delivered.map((r) => r.text)).size).toBe(5);
  });

  it('after START the agent sends one first batch: one album of 5 apartments', async () => {
    const user = await telegramUser(a);
    await startLira(user.token);
    const sent = await eventually(async () => {
      const albums = await albumsTo(user.telegramId);
      return albums.length >= 1 ? albums : undefined;
    }, 20_000);
    // Rounds keep coming every second: nothing more may go out for this batch.
    await agentSettled();
    const after = await albumsTo(user.telegramId);
    figures.firstBatchMessages = after.length;
    expect(after).toEqual(sent);
    expect(after).toHaveLength(1);
    expect(after[0]!.pictures).toBe(5);
    const batches = await count(
      'SELECT count(DISTINCT batch)::int AS n FROM lira_suggestions s JOIN users u ON u.id = s.user_id WHERE u.telegram_id = $1',
      [String(user.telegramId)],
    );
    expect(batches).toBe(1);
  });

  it('one market tick however many instances ask; its listings reach both web instances within 2 s', async () => {
    const before = await count('SELECT max(id)::int AS n FROM apartments');
    await Promise.all([apiOf(a).call('POST', '/dev/jobs/market-tick'), apiOf(b).call('POST', '/dev/jobs/market-tick')]);
    const added = await eventually(async () => {
      const { rows } = await db.query<{ id: number; city_id: number }>('SELECT id, city_id FROM apartments WHERE id > $1 ORDER BY id', [
        before,
      ]);
      return rows.length > 0 ? rows : undefined;
    }, 20_000);
    const seenAt = performance.now();
    const visible = async (instance: Instance) => {
      for (const row of added) {
        const res = await apiOf(instance).call('POST', '/api/apartment', { id: row.id, cityIds: [row.city_id] });
        if (res.status !== 200) return undefined;
      }
      return true;
    };
    await eventually(() => visible(a), 5_000);
    await eventually(() => visible(b), 5_000);
    const ms = Math.round(performance.now() - seenAt);
    figures.catalogueAcrossInstancesMs = ms;
    expect(ms).toBeLessThan(2_000);
    // Both asks have returned, so every tick they queued is a row of pgboss.job (the throttle drops the rest at the
    // send). The tick is over once no tick and none of the agent's runs over its listings waits or runs: a tick
    // completes after its listings are in the worker's memory and its `lira-new-listings` job is queued, and that job,
    // were it still waiting, would run the next test's new user over the tick's listings only (a short first batch).
    // One snapshot of both, so a tick cannot complete between two counts.
    await eventually(
      async () =>
        (await count(
          `SELECT count(*)::int AS n FROM pgboss.job WHERE name IN ('market-tick', 'lira-new-listings') AND state IN ('created', 'retry', 'active')`,
        )) === 0
          ? true
          : undefined,
      20_000,
    );
    expect(await count('SELECT count(*)::int AS n FROM apartments WHERE id > $1', [before])).toBe(6);
  });

  it('kill -9 of the worker in the middle of a batch: after a restart the batch goes out, once', async () => {
    const user = await telegramUser(b);
    await startLira(user.token);
    // The worker holds the send lease and is sending (each message takes SEND_DELAY_MS at the stand-in): it dies then.
    await eventually(
      async () =>
        (await count(
          'SELECT count(*)::int AS n FROM lira_profiles p JOIN users u ON u.id = p.user_id WHERE u.telegram_id = $1 AND p.notify_lease_until > now()',
          [String(user.telegramId)],
        )) > 0
          ? true
          : undefined,
      20_000,
      10,
    );
    worker.process.kill('SIGKILL');
    await new Promise((resolve) => worker.process.once('exit', resolve));
    const atKill = (await albumsTo(user.telegramId)).length;
    expect(atKill).toBeLessThanOrEqual(1);
    const restartedAt = await databaseNow();
    worker = startInstance('worker', BASE_PORT + 2, env(database.url));
    await waitReady(worker);
    const sent = await eventually(async () => {
      const albums = await albumsTo(user.telegramId);
      return albums.length >= 1 ? albums : undefined;
    }, 30_000);
    await agentSettled(restartedAt);
    const after = await albumsTo(user.telegramId);
    figures.messagesBeforeKill = atKill;
    figures.messagesAfterRestart = after.length;
    figures.duplicateMessages = after.length - new Set(after.map((m) => m.text)).size;
    expect(after).toEqual(sent);
    expect(after).toHaveLength(1);
    expect(after[0]!.pictures).toBe(5);
    // The batch the user sees on the site is whole: 10 suggestions, 5 of them marked sent.
    const [suggested, notified] = await Promise.all([
      count('SELECT count(*)::int AS n FROM lira_suggestions s JOIN users u ON u.id = s.user_id WHERE u.telegram_id = $1', [
        String(user.telegramId),
      ]),
      count('SELECT count(*)::int AS n FROM lira_suggestions s JOIN users u ON u.id = s.user_id WHERE u.telegram_id = $1 AND s.notified', [
        String(user.telegramId),
      ]),
    ]);
    expect(suggested).toBe(10);
    expect(notified).toBe(5);
  });

  it('graceful shutdown: SIGTERM ends a web instance cleanly while the other keeps serving', async () => {
    const exited = new Promise<number | null>((resolve) => b.process.once('exit', (code) => resolve(code)));
    b.process.kill('SIGTERM');
    expect(await exited).toBe(0);
    // A keeps serving.
    expect((await apiOf(a).call('GET', '/api/ready')).status).toBe(200);
  });
});
