import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../server/db/connection';
import { MERGE_PLAN } from '../../server/merge-plan';
import { runCleanup } from '../../server/privacy/jobs';
import { REDEMPTION_MARK_RETENTION_DAYS } from '../../server/subscription/redemption-marker';
// The same keys «Удалить аккаунт и данные» finds a person by (server/privacy/personal-data.ts).
import { KEPT_ON_DELETION, USER_ID_COLUMNS, discoverUserForeignKeys, type UserForeignKey } from '../../server/privacy/personal-data';

const DAY = 86_400_000;
const NOW = new Date('2026-06-01T12:00:00Z');
const ago = (days: number) => new Date(NOW.getTime() - days * DAY).toISOString();

interface Column {
  column_name: string;
  data_type: string;
  is_nullable: 'YES' | 'NO';
  column_default: string | null;
}

describe('periodic cleanup (fake clock)', () => {
  let db: Database;
  let keys: UserForeignKey[];
  beforeAll(async () => {
    db = await openDatabase({});
    await db.migrate();
    keys = await discoverUserForeignKeys(db);
  });
  afterAll(async () => {
    await db.close();
  });

  /** A row for `userId` in `table`, whatever its other required columns are (so new columns need no test change). */
  const insertOwned = async (table: string, column: string, userId: number) => {
    const { rows } = await db.query<Column>(
      `SELECT column_name, data_type, is_nullable, column_default FROM information_schema.columns WHERE table_schema = 'public' AND table_name = $1`,
      [table],
    );
    const values: Record<string, unknown> = { [column]: userId };
    for (const c of rows) {
      if (c.column_name in values || c.is_nullable === 'YES' || c.column_default !== null) continue;
      values[c.column_name] = c.data_type.includes('timestamp')
        ? NOW.toISOString()
        : c.data_type === 'boolean'
          ? false
          : c.data_type === 'jsonb' || c.data_type === 'json'
            ? '{}'
            : /int|numeric|real|double/.test(c.data_type)
              ? userId
              : `${table}-${c.column_name}-${userId}`;
    }
    const names = Object.keys(values);
    await db.query(
      `INSERT INTO ${table} (${names.join(', ')}) VALUES (${names.map((_, i) => `$${i + 1}`).join(', ')})`,
      Object.values(values),
    );
  };
  const countOf = async (table: string, column: string, userId: number) =>
    (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE ${column} = $1`, [userId])).rows[0]!.n;
  const user = async (anonymous: boolean, createdDaysAgo: number) => {
    const { rows } = await db.query<{ id: number }>('INSERT INTO users (is_anonymous, created_at) VALUES ($1, $2) RETURNING id', [
      anonymous,
      ago(createdDaysAgo),
    ]);
    const id = rows[0]!.id;
    for (const { table, column } of keys) await insertOwned(table, column, id);
    return id;
  };
  const binding = async (token: string, expiresDaysAgo: number, usedDaysAgo: number | null) => {
    const requester = (await db.query<{ id: number }>('INSERT INTO users (is_anonymous) VALUES (false) RETURNING id')).rows[0]!.id;
    await db.query(
      'INSERT INTO telegram_bindings (token, event_emitter_id, type, requester_id, expires_at, used_at) VALUES ($1, $1, $2, $3, $4, $5)',
      [token, 'login', requester, ago(expiresDaysAgo), usedDaysAgo === null ? null : ago(usedDaysAgo)],
    );
  };

  it('every column that names a user has a foreign key to users: deleted with the user, or kept without the link on purpose', async () => {
    const { rows } = await db.query<{ table_name: string; column_name: string }>(
      `SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = 'public' AND column_name = ANY($1::text[])`,
      [[...USER_ID_COLUMNS]],
    );
    const withKey = keys.map((k) => `${k.table}.${k.column}`).sort();
    expect(rows.map((r) => `${r.table_name}.${r.column_name}`).sort()).toEqual(withKey);
    // Rows a law keeps lose only the link; every other table's rows go with the user.
    for (const key of keys) expect(key.onDelete, `${key.table}.${key.column}`).toBe(key.table in KEPT_ON_DELETION ? 'set null' : 'cascade');
  });

  it('signing in has a merge step, or a stated reason not to merge, for every table that names a user', () => {
    const tables = [...new Set(keys.map((k) => k.table))].sort();
    expect(Object.keys(MERGE_PLAN).sort()).toEqual(tables);
  });

  it('removes unreachable anonymous users with all their rows and old bindings; keeps the rest; repeats are harmless', async () => {
    const stale = await user(true, 32); // its only token expired after 30 days
    const recent = await user(true, 29); // its token is still valid
    const member = await user(false, 400); // signed in: never removed here
    await binding('expired-2d', 2, null);
    await binding('used-2d', -0.005, 2);
    await binding('expired-1h', 1 / 24, null);
    await binding('fresh', -0.005, null);

    // Two instances at once: together they remove everything once, and neither fails.
    const [a, b] = await Promise.all([runCleanup(db, NOW), runCleanup(db, NOW)]);
    expect(a.anonymousUsers + b.anonymousUsers).toBe(1);
    expect(a.bindings + b.bindings).toBeGreaterThanOrEqual(2);

    expect((await db.query('SELECT 1 FROM users WHERE id = $1', [stale])).rows).toHaveLength(0);
    for (const { table, column, onDelete } of keys) {
      if (onDelete !== 'cascade') continue;
      expect(await countOf(table, column, stale), table).toBe(0);
      expect(await countOf(table, column, recent), table).toBe(1);
      expect(await countOf(table, column, member), table).toBe(1);
    }
    // The managers keep the call-back request; only its link to the removed user is gone.
    const { rows: callbacks } = await db.query<{ user_id: number | null }>(`SELECT user_id FROM callback_requests WHERE "user_name" = $1`, [
      `callback_requests-user_name-${stale}`,
    ]);
    expect(callbacks).toEqual([{ user_id: null }]);

    const { rows: left } = await db.query<{ token: string }>(
      `SELECT token FROM telegram_bindings WHERE token NOT LIKE 'telegram_bindings-%' ORDER BY token`,
    );
    expect(left.map((r) => r.token)).toEqual(['expired-1h', 'fresh']);

    expect(await runCleanup(db, NOW)).toEqual({ bindings: 0, anonymousUsers: 0, redemptionMarks: 0 });
  });

  it('keeps a redemption mark for its stated retention after the redemption, then removes it', async () => {
    const retention = REDEMPTION_MARK_RETENTION_DAYS;
    expect(retention).toBe(3 * 365); // the privacy policy (server/content/legal-texts.ts, section 4) says three years
    for (const [mark, daysAgo] of [
      ['mark-expired', retention + 1],
      ['mark-last-day', retention - 1],
      ['mark-fresh', 0],
    ] as const)
      await db.query('INSERT INTO redemption_marks (person_hmac, code, redeemed_at) VALUES ($1, $2, $3)', [mark, 'TRIAL3', ago(daysAgo)]);

    expect((await runCleanup(db, NOW)).redemptionMarks).toBe(1);
    const { rows } = await db.query<{ person_hmac: string }>('SELECT person_hmac FROM redemption_marks ORDER BY person_hmac');
    expect(rows.map((r) => r.person_hmac)).toEqual(['mark-fresh', 'mark-last-day']);
  });
});
