import { describe, expect, it } from 'vitest';
import { runFavouriteAlerts } from '../../server/favourites';
import { useTestServer } from './helpers';

/** More buyers with news than one run looks at: the next runs go on from where the last one stopped. */
describe('favourite alerts reach every user', () => {
  const server = useTestServer('pglite');
  /** Runs of 60 users (2 000 in production): three full runs and a short fourth. */
  const USERS_PER_RUN = 60;
  const USERS = 3 * USERS_PER_RUN + 15;
  /** Telegram ids of this file's buyers start here, so the count below sees no one else. */
  const FIRST_TELEGRAM_ID = 880_000_000;

  it(`${USERS} buyers whose favourite got cheaper are each told once, user ${USERS_PER_RUN + 1} too`, async () => {
    const apartment = [...server.memory().apartments.values()].find((a) => a.status !== 'SOLD')!;
    // Each buyer liked the flat when it cost more: the next look records a drop. One statement per table.
    await server.db.query(
      `INSERT INTO users (telegram_id, name, is_anonymous)
       SELECT (${FIRST_TELEGRAM_ID} + n)::text, 'Покупатель ' || n, false FROM generate_series(1, ${USERS}) AS n`,
    );
    const ours = `SELECT id FROM users WHERE telegram_id::bigint BETWEEN ${FIRST_TELEGRAM_ID + 1} AND ${FIRST_TELEGRAM_ID + USERS}`;
    await server.db.query(
      `INSERT INTO reactions (user_id, apartment_id, action, notices, selection_type)
       SELECT id, ${apartment.id}, 'LIKE', '[]'::jsonb, 'FAV' FROM (${ours}) AS u`,
    );
    await server.db.query(
      `INSERT INTO favourite_marks (user_id, apartment_id, seen_price)
       SELECT id, ${apartment.id}, ${apartment.priceTotal + 250_000} FROM (${ours}) AS u`,
    );
    const told = async () =>
      Number(
        (
          await server.db.query<{ n: number }>(
            `SELECT count(DISTINCT chat_id)::int AS n FROM stand_in_messages
             WHERE chat_id BETWEEN ${FIRST_TELEGRAM_ID + 1} AND ${FIRST_TELEGRAM_ID + USERS} AND text LIKE 'Новости вашего избранного%'`,
          )
        ).rows[0]!.n,
      );
    const untold = async () =>
      Number(
        (
          await server.db.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM favourite_marks WHERE user_id IN (${ours}) AND (change IS NULL OR alerted_at IS NULL)`,
          )
        ).rows[0]!.n,
      );

    const now = new Date();
    const runs: number[] = [];
    // As many runs as the users need at USERS_PER_RUN a run, and not one more.
    for (let run = 0; run < Math.ceil(USERS / USERS_PER_RUN); run += 1)
      runs.push((await runFavouriteAlerts(server.app, now, USERS_PER_RUN)).sent);
    expect(await untold()).toBe(0);
    expect(await told()).toBe(USERS);
    expect(runs.reduce((a, b) => a + b, 0)).toBe(USERS);
    // Told once: the next runs (the same day) send nothing more.
    expect((await runFavouriteAlerts(server.app, now, USERS_PER_RUN)).sent).toBe(0);
  }, 180_000);
});
