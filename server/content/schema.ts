import { pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/** Texts the client reads from `/api/init/texts`; operators may override them in the database. */
export const texts = pgTable(
  'texts',
  {
    category: text('category').notNull(),
    key: text('key').notNull(),
    /** Plain text, or JSON that the endpoint parses. */
    text: text('text').notNull(),
    title: text('title'),
    url: text('url'),
  },
  (t) => [primaryKey({ columns: [t.category, t.key] })],
);
