import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import { date, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/** Everything the contacts search box looks through (IMMUTABLE SQL function, migration 0006). */
export const contactSearchText = (
  c: Record<
    'fullName' | 'email' | 'phone' | 'mobile' | 'organization' | 'jobTitle' | 'tags' | 'notes',
    AnyColumn
  >,
): SQL =>
  sql`contact_search_text(${c.fullName}, ${c.email}, ${c.phone}, ${c.mobile}, ${c.organization}, ${c.jobTitle}, ${c.tags}, ${c.notes})`;

export const contacts = pgTable(
  'contacts',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
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
    status: text({ enum: ['active', 'inactive', 'prospect', 'client', 'partner'] }),
    priority: text({ enum: ['low', 'medium', 'high'] }),
    group: text(),
    avatarUrl: text(),
    customFields: jsonb().$type<Record<string, string>>().notNull().default({}),
    /** The e-mail of the group member who shared this copy. */
    sharedBy: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('contacts_user_id_idx').on(t.userId, t.id),
    index('contacts_user_created_at_idx').on(t.userId, t.createdAt, t.id),
    index('contacts_user_full_name_idx').on(t.userId, sql`lower(${t.fullName})`, t.id),
    // Case-insensitive substring search and column filters (ILIKE '%...%').
    index('contacts_search_trgm_idx').using('gin', sql`${contactSearchText(t)} gin_trgm_ops`),
    index('contacts_first_name_trgm_idx').using('gin', sql`${t.firstName} gin_trgm_ops`),
    index('contacts_last_name_trgm_idx').using('gin', sql`${t.lastName} gin_trgm_ops`),
    // Filters on the other searched columns narrow through contacts_search_trgm_idx (see the repository):
    // every trigram index slows imports, so a column has its own only where the search text falls short.
    // Sorting by first or last name:
    index('contacts_user_first_name_idx').on(t.userId, sql`lower(${t.firstName})`, t.id),
    index('contacts_user_last_name_idx').on(t.userId, sql`lower(${t.lastName})`, t.id),
  ],
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
