import { afterAll, describe, expect, it, vi } from 'vitest';
import { pgliteSqlExecutor } from '../../server/db/connection';
import { PG_BOSS_SCHEMA, PgBossQueue } from '../../server/infra/pg-boss-queue';
import { LIRA_JOBS } from '../../server/jobs';
import { PAYMENT_RECEIPT_JOB, PROVIDER_REFUND_JOB } from '../../server/subscription/settlement';
import { signedInUser, useTestServer } from './helpers';

/** pg-boss on the file's PGlite database, as the server runs it on PostgreSQL: its rows are what is checked. */
describe('stored jobs keep no one’s identifiers longer than they need them (pg-boss on PGlite)', () => {
  let queue: PgBossQueue | undefined;
  const server = useTestServer('pglite', {
    queue: async (db) => (queue = await PgBossQueue.start({ db: pgliteSqlExecutor(db) })),
  });
  afterAll(async () => queue?.stop(2_000));

  const HOUR = 3_600;
  /** Every row of both tables whose payload mentions one of the values, as text. */
  const rowsNaming = async (...values: string[]) => {
    const { rows } = await server.db.query<{ name: string; state: string; data: string }>(
      `SELECT name, state, data::text AS data FROM ${PG_BOSS_SCHEMA}.job UNION ALL SELECT name, state, data::text FROM ${PG_BOSS_SCHEMA}.archive`,
    );
    return rows.filter((row) => values.some((value) => row.data.includes(value)));
  };
  const receipt = (userId: number, transactionId: string, receiptEmail: string | null) => ({
    kind: 'receipt' as const,
    userId,
    days: 30,
    amount: 990,
    currency: 'RUB' as const,
    transactionId,
    paidAt: new Date().toISOString(),
    renewal: false,
    receiptEmail,
  });

  it('after an account is deleted no job or archived job names its id, Telegram id or e-mail; others’ jobs stay', async () => {
    const person = await signedInUser(server);
    const other = await signedInUser(server);
    const email = `buyer-${person.userId}@example.ru`;
    await server.db.query(
      `INSERT INTO payments (id, user_id, service_type, provider, days, amount, status, receipt_email)
       VALUES ('job-privacy-1', $1, 'LIRA_4', 'card', 30, 990, 'PAID', $2)`,
      [person.userId, email],
    );
    const jobs = server.app.queue;
    // Waiting jobs (an hour from now), one of them failed, and one archived by the maintenance.
    await jobs.send(LIRA_JOBS.endedMessage, { telegramId: person.telegramId, text: 'Подбор остановлен' }, { startAfterSeconds: HOUR });
    await jobs.send(LIRA_JOBS.run, { userId: person.userId }, { startAfterSeconds: HOUR });
    await jobs.send(PAYMENT_RECEIPT_JOB, receipt(person.userId, 'tx-a', email), { singletonKey: 'tx-a', startAfterSeconds: HOUR });
    await jobs.send(PAYMENT_RECEIPT_JOB, receipt(person.userId, 'tx-b', email), { singletonKey: 'tx-b', startAfterSeconds: HOUR });
    await server.db.query(`UPDATE ${PG_BOSS_SCHEMA}.job SET state = 'failed', completed_on = now() WHERE data->>'transactionId' = 'tx-b'`);
    await server.db.query(`INSERT INTO ${PG_BOSS_SCHEMA}.archive SELECT j.*, now() FROM ${PG_BOSS_SCHEMA}.job j WHERE name = $1`, [
      LIRA_JOBS.endedMessage,
    ]);
    await jobs.send(LIRA_JOBS.endedMessage, { telegramId: other.telegramId, text: 'Подбор остановлен' }, { startAfterSeconds: HOUR });
    const identifiers = [`"userId": ${person.userId}`, `"telegramId": ${person.telegramId}`, email];
    expect((await rowsNaming(...identifiers)).length).toBeGreaterThanOrEqual(5);

    const deleted = await server.request('accountDelete', { token: person.token, body: { confirm: true } });
    expect(deleted.status).toBe(200);

    expect(await rowsNaming(...identifiers)).toEqual([]);
    expect(await rowsNaming(`"telegramId": ${other.telegramId}`)).toHaveLength(1);
  });

  it('a refund still owed to a deleted account waits on; a job that succeeded keeps no identifiers', async () => {
    const person = await signedInUser(server);
    const refund = {
      kind: 'refund',
      method: 'stars',
      transactionId: `tx-r-${person.userId}`,
      amount: 50,
      telegramUserId: person.telegramId,
    };
    await server.app.queue.send(PROVIDER_REFUND_JOB, refund, { singletonKey: refund.transactionId, startAfterSeconds: HOUR });
    expect((await server.request('accountDelete', { token: person.token, body: { confirm: true } })).status).toBe(200);
    expect(await rowsNaming(`"telegramUserId": ${person.telegramId}`)).toHaveLength(1);

    await queue!.work();
    const sent = await signedInUser(server);
    await server.app.queue.send(LIRA_JOBS.endedMessage, { telegramId: sent.telegramId, text: 'Подбор остановлен' });
    await vi.waitFor(
      async () => {
        const { rows } = await server.db.query<{ state: string; data: Record<string, unknown> }>(
          `SELECT state, data FROM ${PG_BOSS_SCHEMA}.job WHERE name = $1 AND data->>'text' = 'Подбор остановлен' AND state = 'completed'`,
          [LIRA_JOBS.endedMessage],
        );
        expect(rows).toHaveLength(1);
        expect(rows[0]!.data).toEqual({ text: 'Подбор остановлен', scrubbed: true });
      },
      { timeout: 20_000, interval: 100 },
    );
  });
});
