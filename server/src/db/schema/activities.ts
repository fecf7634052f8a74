import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { contactImports } from './contacts';
import { users } from './users';

/** One field's value before and after a change, as the API shows it (null when empty). */
export interface FieldChange {
  field: string;
  before: unknown;
  after: unknown;
}

/**
 * The timeline of contacts and companies (issue 35, decision 0049): notes, logged interactions, field
 * changes, imports, merges, shares and Google sync changes, each written by the service that made it as
 * it happened. A row belongs to the owner of its contact or company (`user_id`); `actor_id` is who did
 * it (the author of a note), null for the Google sync.
 *
 * A contact import writes one row for the whole import (`import_id`, no `contact_id`): the contacts it
 * created carry the same import id, so each of their timelines shows it without a row per contact; undoing
 * the import deletes it.
 * `contact_id` and `company_id` have no foreign key: a contact or company in the Trash keeps its timeline
 * for a restore (decision 0050), and its rows go when it is deleted for good (ActivityService.forget).
 */
export const activities = pgTable(
  'activities',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    contactId: integer(),
    companyId: integer(),
    importId: integer().references(() => contactImports.id, { onDelete: 'cascade' }),
    type: text({
      enum: ['note', 'interaction', 'field_change', 'created', 'import', 'merge', 'share', 'sync'],
    }).notNull(),
    actorId: integer().references(() => users.id, { onDelete: 'set null' }),
    /** When it happened: an interaction's date, otherwise when the row was written. */
    occurredAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** A note's Markdown, an interaction's summary. */
    body: text(),
    interactionKind: text({ enum: ['call', 'meeting', 'email', 'message'] }),
    durationMinutes: integer(),
    /** A field change's fields, before and after. */
    changes: jsonb().$type<FieldChange[]>(),
    /** What an import, merge, share or sync did, in a sentence. */
    detail: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'activities_subject_check',
      sql`${t.contactId} is not null or ${t.companyId} is not null or ${t.importId} is not null`,
    ),
    index('activities_contact_idx')
      .on(t.userId, t.contactId, t.occurredAt.desc(), t.id.desc())
      .where(sql`${t.contactId} is not null`),
    index('activities_company_idx')
      .on(t.userId, t.companyId, t.occurredAt.desc(), t.id.desc())
      .where(sql`${t.companyId} is not null`),
    index('activities_import_idx').on(t.userId, t.importId).where(sql`${t.importId} is not null`),
  ],
);
