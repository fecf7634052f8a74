import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Installation-wide values shared by every server process (e.g. the generated JWT secret). */
export const systemSettings = pgTable('system_settings', {
  key: text().primaryKey(),
  value: text().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
