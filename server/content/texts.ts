import type { Queryable } from '../core/database';
import type { TextEntry } from '@kvarta/contract';
import { DEFAULT_TEXTS, TEXT_CATEGORY } from './default-texts';

/** Inserts the default texts that are missing; rows an operator changed stay as they are. */
export async function seedTexts(db: Queryable): Promise<void> {
  await db.query(
    `INSERT INTO texts (category, key, text, title, url)
     SELECT $1, * FROM unnest($2::text[], $3::text[], $4::text[], $5::text[])
     ON CONFLICT (category, key) DO NOTHING`,
    [
      TEXT_CATEGORY,
      DEFAULT_TEXTS.map((t) => t.key),
      DEFAULT_TEXTS.map((t) => t.text),
      DEFAULT_TEXTS.map((t) => t.title ?? null),
      DEFAULT_TEXTS.map((t) => t.url ?? null),
    ],
  );
}

/** JSON texts come back parsed; anything else stays a string. */
function parseText(text: string): unknown {
  const trimmed = text.trim();
  if (!trimmed.startsWith('{') && !trimmed.startsWith('[')) return text;
  try {
    return JSON.parse(trimmed);
  } catch {
    return text;
  }
}

export async function findTexts(db: Queryable, category: string | undefined, keys: string[] | undefined): Promise<TextEntry[]> {
  const { rows } = await db.query<{ key: string; text: string; title: string | null; url: string | null }>(
    `SELECT key, text, title, url FROM texts
     WHERE ($1::text IS NULL OR category = $1) AND ($2::text[] IS NULL OR key = ANY($2::text[]))
     ORDER BY key`,
    [category ?? null, keys ?? null],
  );
  return rows.map((r) => ({
    key: r.key,
    text: parseText(r.text),
    ...(r.title ? { title: r.title } : {}),
    ...(r.url ? { url: r.url } : {}),
  }));
}
