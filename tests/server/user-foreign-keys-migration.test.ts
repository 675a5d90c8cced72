import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';

const MIGRATIONS = join(import.meta.dirname, '../../server/db/migrations');
const FOREIGN_KEYS = '0021_user_foreign_keys';

/** The migrations folder as it was before `tag`: the same files, the journal cut there. */
function migrationsBefore(tag: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'kvarta-migrations-'));
  cpSync(MIGRATIONS, dir, { recursive: true });
  const journalPath = join(dir, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: Array<{ tag: string }> };
  const at = journal.entries.findIndex((entry) => entry.tag === tag);
  expect(at).toBeGreaterThan(0);
  writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }));
  return dir;
}

describe('the migration that ties user columns to users', () => {
  const client = new PGlite();
  const dirs: string[] = [];
  afterAll(async () => {
    await client.close();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('applies on a database holding rows of users deleted before it: they are deleted, or kept without the link', async () => {
    const orm = drizzle(client);
    const before = migrationsBefore(FOREIGN_KEYS);
    dirs.push(before);
    await migrate(orm, { migrationsFolder: before });

    const { rows } = await client.query<{ id: number }>(`INSERT INTO users (is_anonymous) VALUES (false) RETURNING id`);
    const alive = rows[0]!.id;
    const gone = alive + 1000;
    for (const userId of [alive, gone]) {
      await client.query(
        `INSERT INTO reactions (user_id, apartment_id, action, notices, selection_type) VALUES ($1, 1, 'LIKE', '[]', 'LEXS')`,
        [userId],
      );
      await client.query(
        `INSERT INTO payments (id, user_id, service_type, provider, days, amount, status) VALUES ($1, $2, 'LIRA_4', 'card', 30, 100, 'SUCCEEDED')`,
        [`payment-${userId}`, userId],
      );
      await client.query(
        `INSERT INTO callback_requests (user_name, phone, city_name, referer_url, extra_field, user_id) VALUES ('удалено', '', 'Москва', '', '', $1)`,
        [userId],
      );
    }

    await migrate(orm, { migrationsFolder: MIGRATIONS });

    const left = async (sql: string) => (await client.query<Record<string, unknown>>(sql)).rows;
    expect(await left('SELECT user_id FROM reactions ORDER BY user_id')).toEqual([{ user_id: alive }]);
    expect(await left('SELECT id, user_id FROM payments ORDER BY id')).toEqual([
      { id: `payment-${alive}`, user_id: alive },
      { id: `payment-${gone}`, user_id: null },
    ]);
    expect(await left('SELECT user_id FROM callback_requests ORDER BY id')).toEqual([{ user_id: alive }, { user_id: null }]);
    // And the keys hold from now on.
    await expect(
      client.query(`INSERT INTO reactions (user_id, apartment_id, action, notices, selection_type) VALUES ($1, 2, 'LIKE', '[]', 'LEXS')`, [
        gone,
      ]),
    ).rejects.toThrow(/foreign key/);
  });
});
