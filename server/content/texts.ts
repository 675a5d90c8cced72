import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Queryable } from '../core/database';
import type { TextEntry } from '@kvarta/contract';
import { DEFAULT_TEXTS, TEXT_CATEGORY } from './default-texts';
import { texts } from './schema';

/** Inserts the default texts that are missing; rows an operator changed stay as they are. */
export async function seedTexts(db: Queryable): Promise<void> {
  await db.orm
    .insert(texts)
    .values(DEFAULT_TEXTS.map((t) => ({ category: TEXT_CATEGORY, key: t.key, text: t.text, title: t.title ?? null, url: t.url ?? null })))
    .onConflictDoNothing();
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
  const rows = await db.orm
    .select({ key: texts.key, text: texts.text, title: texts.title, url: texts.url })
    .from(texts)
    .where(
      and(category === undefined ? undefined : eq(texts.category, category), keys === undefined ? undefined : inArray(texts.key, keys)),
    )
    .orderBy(asc(texts.key));
  return rows.map((r) => ({
    key: r.key,
    text: parseText(r.text),
    ...(r.title ? { title: r.title } : {}),
    ...(r.url ? { url: r.url } : {}),
  }));
}
