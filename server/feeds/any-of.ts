import { sql, type Column, type SQL } from 'drizzle-orm';

/**
 * `column = ANY($n::type[])`: the whole list is one parameter, however long (an import's batch or a sold feed's
 * listings run to many thousands, past the 65 535 parameters `inArray` would need), and the plan stays an index look-up.
 */
export const anyOf = (column: Column, values: readonly number[] | readonly string[], type: 'int' | 'text'): SQL =>
  sql`${column} = ANY(${sql.param(values)}::${sql.raw(type)}[])`;
