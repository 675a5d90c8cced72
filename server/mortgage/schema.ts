import { boolean, doublePrecision, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Mortgage programmes as the operator enters them (admin API). Nothing here is invented: the demo database gets a
 * few rows with `is_example`, which production never shows.
 */
export const mortgagePrograms = pgTable('mortgage_programs', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  lender: text('lender').notNull(),
  /** Annual, percent. */
  rate: doublePrecision('rate').notNull(),
  /**
   * The full cost of the credit (ПСК, 353-ФЗ), percent a year, as the lender states it: a value (min = max) or a
   * range. A programme without it (entered before it was asked) is not shown as an example (38-ФЗ art. 28).
   */
  fullCostMin: doublePrecision('full_cost_min'),
  fullCostMax: doublePrecision('full_cost_max'),
  minDownPaymentPercent: doublePrecision('min_down_payment_percent').notNull(),
  maxLoan: doublePrecision('max_loan').notNull(),
  maxTermYears: integer('max_term_years').notNull().default(30),
  realtyType: text('realty_type').$type<'ALL' | 'NEW' | 'RESALE'>().notNull().default('ALL'),
  forFamilies: boolean('for_families').notNull().default(false),
  forIT: boolean('for_it').notNull().default(false),
  /** YYYY-MM-DD, inclusive. */
  validFrom: text('valid_from').notNull(),
  validTo: text('valid_to'),
  isExample: boolean('is_example').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
