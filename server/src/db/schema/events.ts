import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './users';

export const events = pgTable(
  'events',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    ownerId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text().notNull(),
    description: text(),
    startAt: timestamp({ withTimezone: true }).notNull(),
    endAt: timestamp({ withTimezone: true }).notNull(),
    allDay: boolean().notNull().default(false),
    /** The IANA zone whose wall clock a recurring event keeps (09:00 stays 09:00 across DST). */
    timezone: text().notNull().default('UTC'),
    location: text(),
    eventType: text({ enum: ['meeting', 'event'] })
      .notNull()
      .default('meeting'),
    project: text(),
    /** [{ name, email }], e-mails lower-cased. */
    participants: jsonb().$type<{ name: string; email: string }[]>().notNull().default([]),
    alertMinutes: integer().notNull().default(15),
    repeatPattern: text({ enum: ['none', 'daily', 'weekly', 'monthly', 'yearly'] })
      .notNull()
      .default('none'),
    repeatInterval: integer().notNull().default(1),
    repeatDays: integer().array().notNull().default(sql`'{}'`),
    /** A monthly series on the nth weekday of its start (1-5, -1 the last), e.g. the second Tuesday; null: on its start's day of the month. */
    repeatWeek: integer(),
    repeatEndDate: timestamp({ withTimezone: true }),
    notes: text(),
    googleSync: boolean().notNull().default(true),
    icalUid: text(),
    /** An occurrence changed on its own ("This event"): the series it belongs to and its original start. */
    seriesId: integer().references((): AnyPgColumn => events.id, { onDelete: 'cascade' }),
    originalStart: timestamp({ withTimezone: true }),
    /** Original starts of the series' deleted occurrences (iCalendar EXDATE, Google's cancelled instances). */
    excludedStarts: timestamp({ withTimezone: true }).array().notNull().default(sql`'{}'`),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('events_owner_start_idx').on(t.ownerId, t.startAt),
    uniqueIndex('events_series_occurrence_idx')
      .on(t.seriesId, t.originalStart)
      .where(sql`${t.seriesId} IS NOT NULL`),
    index('events_participants_idx').using('gin', sql`${t.participants} jsonb_path_ops`),
  ],
);
