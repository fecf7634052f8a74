import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Everything the contacts search box looks through (IMMUTABLE SQL function, migration 0011). First and
 * last name are in it too, so that their filters narrow through its trigram index: a trigram index
 * holds each trigram of a row once, so repeating the names of full_name costs it next to nothing.
 * Stored lower-cased in `search_text` (migration 0024), which queries and the index read.
 */
export const contactSearchText = (
  c: Record<
    | 'fullName'
    | 'firstName'
    | 'lastName'
    | 'email'
    | 'phone'
    | 'mobile'
    | 'organization'
    | 'jobTitle'
    | 'tags'
    | 'notes',
    AnyColumn
  >,
): SQL =>
  sql`contact_search_text(${c.fullName}, ${c.firstName}, ${c.lastName}, ${c.email}, ${c.phone}, ${c.mobile}, ${c.organization}, ${c.jobTitle}, ${c.tags}, ${c.notes})`;

export const contacts = pgTable(
  'contacts',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    // No foreign key: the owner is checked once per statement by triggers, and deleting a user deletes
    // their contacts (migration 0027, decision 0034).
    userId: integer().notNull(),
    fullName: text(),
    firstName: text(),
    lastName: text(),
    gender: text({ enum: ['male', 'female', 'other'] }),
    birthday: date({ mode: 'string' }),
    email: text(),
    phone: text(),
    mobile: text(),
    address: text(),
    organization: text(),
    /**
     * The user's company this person works at (issue 35); `organization` then holds its name. No foreign
     * key (decision 0048): triggers check once per statement that (user_id, company_id) is a company of
     * the contact's owner, and deleting a company sets its people's company_id to null (migration 0038).
     */
    companyId: integer(),
    jobTitle: text(),
    jobStatus: text({ enum: ['employed', 'unemployed', 'student', 'retired', 'other'] }),
    linkedinUrl: text(),
    githubUrl: text(),
    facebookUrl: text(),
    twitterUrl: text(),
    websiteUrl: text(),
    notes: text(),
    source: text(),
    tags: text(),
    lastContactDate: timestamp({ withTimezone: true }),
    nextFollowUpDate: timestamp({ withTimezone: true }),
    /** Stay in touch: reach out every `followUpEvery` days, weeks or months (both set, or neither). */
    followUpEvery: smallint(),
    followUpUnit: text({ enum: ['day', 'week', 'month'] }),
    status: text({ enum: ['active', 'inactive', 'prospect', 'client', 'partner'] }),
    priority: text({ enum: ['low', 'medium', 'high'] }),
    group: text(),
    avatarUrl: text(),
    customFields: jsonb().$type<Record<string, string>>().notNull().default({}),
    /** The e-mail of the group member who shared this copy. */
    sharedBy: text(),
    /**
     * The CSV import that created the contact (contact_imports.id), for undoing it. No foreign key:
     * its check would cost every row of a large import, and the owner scopes every use of it.
     */
    importId: integer(),
    /**
     * lower(contact_search_text(...)), computed by the database on every write (decision 0028). Searches
     * compare it with LIKE against the lower-cased pattern. Not part of a contact: the repository never
     * selects it.
     */
    searchText: text().generatedAlwaysAs((): SQL => sql`lower(${contactSearchText(contacts)})`),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The default order (newest first) and every lookup by owner. Each index slows imports, so only
    // the common sorts have one; other columns sort in memory (about 30 ms at 100,000 contacts).
    // Migration 0024 adds INCLUDE (import_id), which Drizzle cannot spell (from when lists left out
    // pending imports; it stays, harmless, until an index change rebuilds it).
    index('contacts_user_created_at_idx').on(t.userId, t.createdAt, t.id),
    // Case-insensitive substring search, and the filters of the searched columns (LIKE '%...%' on the
    // lower-cased text). One trigram index rather than one per column: each would slow every import.
    index('contacts_search_text_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    // Sorting by first or last name:
    index('contacts_user_first_name_idx').on(t.userId, sql`lower(${t.firstName})`, t.id),
    index('contacts_user_last_name_idx').on(t.userId, sql`lower(${t.lastName})`, t.id),
    // Who is due (the reminders every minute, the Reach out view); few contacts have a date.
    index('contacts_user_next_follow_up_idx')
      .on(t.userId, t.nextFollowUpDate)
      .where(sql`${t.nextFollowUpDate} is not null`),
    check(
      'contacts_follow_up_cadence_check',
      sql`(${t.followUpEvery} is null) = (${t.followUpUnit} is null) and coalesce(${t.followUpEvery}, 1) between 1 and 366`,
    ),
    // A company's people (and the key's checks when a company is deleted). Partial: an import's rows,
    // written without a company, do not touch it.
    index('contacts_company_id_idx').on(t.companyId).where(sql`${t.companyId} is not null`),
  ],
);

/** One CSV import of contacts, so that it can be undone while none of its contacts was edited. */
export const contactImports = pgTable('contact_imports', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  userId: integer()
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * Each user's number of contacts, as differences written by triggers on contacts (migrations 0026 and
 * 0033, decision 0032): the sum of a user's rows is the unfiltered list's total.
 */
export const contactCounts = pgTable(
  'contact_counts',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    delta: integer().notNull(),
  },
  (t) => [index('contact_counts_user_idx').on(t.userId)],
);

/** Per-user key/value settings (spec section 3 "User preferences"): contact_columns, calendar_settings, custom_fields, ... */
export const userPreferences = pgTable(
  'user_preferences',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text().notNull(),
    value: jsonb().notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);
