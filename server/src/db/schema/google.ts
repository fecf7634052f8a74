import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { contacts } from './contacts';
import { events } from './events';
import { users } from './users';

/**
 * One pending Google authorization: its `state` is used once and expires after 10 minutes, and only the
 * browser that started it (the cookie holding the nonce of `browserNonceHash`) may finish it.
 */
export const googleOauthStates = pgTable('google_oauth_states', {
  state: text().primaryKey(),
  purpose: text({ enum: ['sign_in', 'connect'] }).notNull(),
  /** The signed-in user connecting their Google account (purpose connect). */
  userId: integer().references(() => users.id, { onDelete: 'cascade' }),
  nonce: text().notNull(),
  /** SHA-256 (hex) of the nonce in the starting browser's HttpOnly cookie. */
  browserNonceHash: text().notNull(),
  codeVerifier: text().notNull(),
  expiresAt: timestamp({ withTimezone: true }).notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** A user's Google connection (Settings → Connect Google) and the state of its syncs. */
export const googleAccounts = pgTable('google_accounts', {
  userId: integer()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  googleSubject: text().notNull(),
  googleEmail: text().notNull(),
  /** AES-256-GCM, see integrations/google/token-cipher.ts. */
  refreshTokenEncrypted: text().notNull(),
  scopes: text().notNull(),
  contactsSyncToken: text(),
  contactsSyncedAt: timestamp({ withTimezone: true }),
  contactsSyncStartedAt: timestamp({ withTimezone: true }),
  contactsLastError: text(),
  calendarSyncedAt: timestamp({ withTimezone: true }),
  calendarSyncToken: text(),
  calendarSyncStartedAt: timestamp({ withTimezone: true }),
  calendarLastError: text(),
  /** What deleting a linked contact in Relate does at Google; null until the user chose (kept meanwhile). */
  contactDeletes: text({ enum: ['delete', 'keep'] }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** A Relate contact that mirrors a Google contact; `synced` holds the fields both sides agreed on at the last sync. */
export const googleContactLinks = pgTable(
  'google_contact_links',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    resourceName: text().notNull(),
    /**
     * Null once the contact was deleted in Relate (a tombstone: a full listing never brings it back). The
     * next push deletes it at Google and then the link, unless it was deleted to be kept at Google.
     */
    contactId: integer().references(() => contacts.id, { onDelete: 'set null' }),
    /**
     * The contact while it is in Relate's Trash (decision 0050): the link is a tombstone that the push
     * leaves alone; a restore links it again, a purge makes it an ordinary tombstone.
     */
    trashedContactId: integer(),
    keptAtGoogle: boolean().notNull().default(false),
    etag: text().notNull(),
    sourceEtag: text(),
    sourceId: text(),
    synced: jsonb().$type<Record<string, string | null>>().notNull(),
    /** Set when the contact is edited in Relate; the next sync pushes it to Google. */
    locallyEdited: boolean().notNull().default(false),
    syncedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.resourceName] }),
    uniqueIndex('google_contact_links_contact_key').on(t.contactId),
  ],
);

/** A Google change waiting for the user's decision in the review dialog; one per Google contact. */
export const googleContactReviews = pgTable(
  'google_contact_reviews',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    resourceName: text().notNull(),
    kind: text({ enum: ['new', 'likely_duplicate', 'changed', 'conflict', 'deleted_upstream'] }).notNull(),
    etag: text().notNull(),
    sourceEtag: text(),
    sourceId: text(),
    /** The Google contact as Relate fields. */
    values: jsonb().$type<Record<string, string | null>>().notNull(),
    contactId: integer().references(() => contacts.id, { onDelete: 'cascade' }),
    matchReason: text({ enum: ['email', 'phone', 'name'] }),
    /** changed / conflict: field → { relate, google } (and the last agreed value). */
    changes:
      jsonb().$type<
        Record<string, { synced: string | null; relate: string | null; google: string | null }>
      >(),
    /** Set when the user dismissed the item: never imported, listed under "Dismissed" until restored. */
    dismissedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('google_contact_reviews_user_resource_key').on(t.userId, t.resourceName),
    index('google_contact_reviews_user_idx').on(t.userId, t.createdAt),
  ],
);

/** What a Relate event and its Google event agreed on at the last sync (ADR 0022); strings, compared field by field. */
export type CalendarSyncedValues = Record<string, string | null>;

/**
 * A Relate event that mirrors a Google Calendar event (a single event, a series, or one changed
 * occurrence of a series). `event_id` turns null when the Relate event is deleted: the next push deletes
 * the Google event. A link without an etag is an insert that may or may not have reached Google: the
 * retry sends the same client-generated id.
 */
export const googleCalendarLinks = pgTable(
  'google_calendar_links',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    googleEventId: text().notNull(),
    eventId: integer().references(() => events.id, { onDelete: 'set null' }),
    etag: text(),
    synced: jsonb().$type<CalendarSyncedValues>(),
    /** Set when Google's event cannot be represented (an RRULE Relate has no repeat for): never pushed. */
    readOnlyReason: text(),
    /**
     * A series' occurrences cancelled at Google, by original start. Google keeps each as a cancelled
     * event of its own and never adds an EXDATE, so its series alone would bring them back.
     */
    cancelledStarts: timestamp({ withTimezone: true }).array().notNull().default(sql`'{}'`),
    syncedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.googleEventId] }),
    uniqueIndex('google_calendar_links_event_key').on(t.eventId),
  ],
);

/** A Google Calendar change waiting for the user's decision; one per Google event. */
export const googleCalendarReviews = pgTable(
  'google_calendar_reviews',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    googleEventId: text().notNull(),
    /** A changed or cancelled occurrence: its series' Google id (applied with or after the series). */
    seriesGoogleId: text(),
    kind: text({ enum: ['new', 'likely_duplicate', 'changed', 'conflict', 'deleted_upstream'] }).notNull(),
    etag: text().notNull(),
    /** Google's event as it came (calendar_v3 Schema$Event) plus the calendar's zone and default reminder. */
    google: jsonb().$type<object>().notNull(),
    eventId: integer().references(() => events.id, { onDelete: 'cascade' }),
    changes:
      jsonb().$type<
        Record<string, { synced: string | null; relate: string | null; google: string | null }>
      >(),
    /** Set when the user dismissed the item: never imported, listed under "Dismissed" until restored. */
    dismissedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('google_calendar_reviews_user_event_key').on(t.userId, t.googleEventId),
    index('google_calendar_reviews_user_idx').on(t.userId, t.createdAt),
  ],
);
