import { deleteUsers, lockForDeletion } from '../auth/users';
import type { Queryable } from '../core/database';

/**
 * Personal data (152-FZ): what is stored about a person, found in the database itself rather than listed by hand, so a
 * new table cannot be forgotten by deletion (nor by the export: readable-export.ts names a section, or the reason for
 * none, for every table found here, and tests/server/personal-data-export.test.ts holds it to that). Two kinds of column name a person:
 * - our user id: every column with a foreign key to `users` (tests/server/cleanup.test.ts holds every column named
 *   like one of USER_ID_COLUMNS to having that key);
 * - the person's Telegram id: `telegram_id`, `telegram_user_id`, `provider_user_id`, `chat_id`.
 */
export const USER_ID_COLUMNS = ['user_id', 'requester_id', 'owner_id'] as const;
export const TELEGRAM_ID_COLUMNS = ['telegram_id', 'telegram_user_id', 'provider_user_id', 'chat_id'] as const;

/**
 * Tables that name a person but are not ours to keep or give: the offline stand-in's copy of Telegram's own chat and
 * invoices (development only; in production the chat is Telegram's, not in this database).
 */
export const NOT_STORED_BY_US: Readonly<Record<string, string>> = {
  stand_in_messages: 'копия чата Telegram у офлайн-заглушки бота (только разработка)',
  stand_in_invoices: 'счета офлайн-заглушки Telegram (только разработка)',
};

export interface OwnedColumn {
  table: string;
  column: string;
  /** What the column holds: our user id or the person's Telegram id. */
  by: 'userId' | 'telegramId';
}

/**
 * Rows kept after deletion because a law requires them, with what is cleared in them. Every other table's rows of the
 * person are deleted. `set` values are SQL expressions.
 */
export const KEPT_ON_DELETION: Readonly<Record<string, { why: string; set: Readonly<Record<string, string>> }>> = {
  // 402-FZ «О бухгалтерском учёте»: primary documents (the payment, its amount, date and receipt) are kept for 5 years.
  // The receipt's e-mail stays (a refund's receipt goes to it); the Telegram id and where the payer came back to go.
  payments: {
    why: 'бухгалтерский учёт (402-ФЗ): платежи хранятся 5 лет',
    set: { telegram_user_id: 'NULL', return_path: 'NULL', url: 'NULL', payer_key_hash: 'NULL' },
  },
  // A call-back request is the managers' record of the request: it stays without the person's name, phone and address.
  callback_requests: {
    why: 'учёт обращений: заявка остаётся без имени, телефона и адреса',
    set: {
      user_name: "'удалено'",
      phone: "''",
      client_ip: 'NULL',
      referer_url: "''",
      extra_field: "''",
      last_error: 'NULL',
      user_id: 'NULL',
      // An undelivered request is not sent to the managers any more: there is nobody to call back.
      delivered: 'true',
    },
  },
};

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** A column holding our user id: its foreign key to `users.id` and what deleting the user does to its rows. */
export interface UserForeignKey {
  table: string;
  column: string;
  onDelete: 'cascade' | 'set null' | 'restrict' | 'no action' | 'set default';
}

const ON_DELETE: Readonly<Record<string, UserForeignKey['onDelete']>> = {
  c: 'cascade',
  n: 'set null',
  r: 'restrict',
  a: 'no action',
  d: 'set default',
};

/**
 * Every single-column foreign key to `users.id` in this database, from the catalogue (pg_catalog answers whoever owns
 * the tables; PGlite has it too). A catalogue query, so raw SQL: the catalogue is not in our schema.
 */
export async function discoverUserForeignKeys(db: Queryable): Promise<UserForeignKey[]> {
  const { rows } = await db.query(
    `SELECT src.relname AS table_name, att.attname AS column_name, con.confdeltype AS on_delete
       FROM pg_constraint con
       JOIN pg_class src ON src.oid = con.conrelid
       JOIN pg_class dst ON dst.oid = con.confrelid
       JOIN pg_attribute att ON att.attrelid = con.conrelid AND att.attnum = con.conkey[1]
       JOIN pg_attribute ref ON ref.attrelid = con.confrelid AND ref.attnum = con.confkey[1]
      WHERE con.contype = 'f' AND dst.relname = 'users' AND ref.attname = 'id' AND cardinality(con.conkey) = 1
        AND dst.relnamespace = to_regnamespace(current_schema())
      ORDER BY 1, 2`,
  );
  return rows.map((row) => ({
    table: String(row.table_name),
    column: String(row.column_name),
    onDelete: ON_DELETE[String(row.on_delete)] ?? 'no action',
  }));
}

/** Every column of this database that names a person, table by table (the `users` table itself excluded). */
export async function discoverOwnedColumns(db: Queryable): Promise<OwnedColumn[]> {
  const byUserId: OwnedColumn[] = (await discoverUserForeignKeys(db)).map(({ table, column }) => ({ table, column, by: 'userId' }));
  // Telegram ids are no key of ours: found by the column's name. Another catalogue query.
  const { rows } = await db.query(
    `SELECT c.table_name, c.column_name FROM information_schema.columns c
       JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
      WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE' AND c.table_name <> 'users'
        AND c.column_name = ANY($1::text[])`,
    [[...TELEGRAM_ID_COLUMNS]],
  );
  const byTelegramId: OwnedColumn[] = rows.map((row) => ({
    table: String(row.table_name),
    column: String(row.column_name),
    by: 'telegramId',
  }));
  return [...byUserId, ...byTelegramId]
    .filter((c) => !(c.table in NOT_STORED_BY_US))
    .sort((a, b) => a.table.localeCompare(b.table) || a.column.localeCompare(b.column));
}

/** Who the person is, as the columns name them. */
export interface Person {
  userId: number;
  telegramId: string | null;
}

/** `column = $n` for this person, or null when the column cannot match (no Telegram id). */
function match(column: OwnedColumn, person: Person, params: unknown[]): string | null {
  if (column.by === 'userId') {
    params.push(person.userId);
    return `${quote(column.column)} = $${params.length}`;
  }
  if (person.telegramId === null) return null;
  params.push(person.telegramId);
  // Telegram ids are text in some tables and bigint in others: compared as text.
  return `${quote(column.column)}::text = $${params.length}`;
}

/** The condition selecting the person's rows of a table: any of its owning columns. */
function rowsOf(columns: OwnedColumn[], person: Person, params: unknown[]): string | null {
  const parts = columns.map((c) => match(c, person, params)).filter((p): p is string => p !== null);
  return parts.length ? parts.join(' OR ') : null;
}

const byTable = (columns: OwnedColumn[]) => {
  const tables = new Map<string, OwnedColumn[]>();
  for (const c of columns) tables.set(c.table, [...(tables.get(c.table) ?? []), c]);
  return tables;
};

export interface ErasedPerson extends Person {
  /** An anonymous session's key: the session cache forgets it. */
  anonymousKey: string | null;
  /** Rows deleted and rows kept (with their personal fields cleared), by table. */
  deleted: Record<string, number>;
  kept: Record<string, number>;
}

/**
 * Deletes the person inside the caller's transaction: the `users` row (so every token of theirs is refused: the user
 * behind it is gone) and every row of every table that names them, except the rows a law keeps, whose personal fields
 * are cleared (and whose link to the user its foreign key sets to NULL). Null when there is no such user.
 */
export async function erasePersonalData(tx: Queryable, userId: number): Promise<ErasedPerson | null> {
  const user = await lockForDeletion(tx, userId);
  if (!user) return null;
  const person: Person = { userId, telegramId: user.telegramId };
  const deleted: Record<string, number> = {};
  const kept: Record<string, number> = {};
  for (const [table, columns] of byTable(await discoverOwnedColumns(tx))) {
    const params: unknown[] = [];
    const where = rowsOf(columns, person, params);
    if (!where) continue;
    const keep = KEPT_ON_DELETION[table];
    if (keep) {
      const set = Object.entries(keep.set)
        .map(([column, value]) => `${quote(column)} = ${value}`)
        .join(', ');
      const result = await tx.query(`UPDATE ${quote(table)} SET ${set} WHERE ${where} RETURNING 1`, params);
      kept[table] = result.rows.length;
    } else {
      const result = await tx.query(`DELETE FROM ${quote(table)} WHERE ${where} RETURNING 1`, params);
      deleted[table] = result.rows.length;
    }
  }
  await deleteUsers(tx, [userId]);
  deleted.users = 1;
  return { ...person, anonymousKey: user.anonymousKey, deleted, kept };
}
