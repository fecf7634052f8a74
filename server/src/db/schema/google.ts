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
import { users } from './users';

/** One pending Google authorization: its `state` is used once and expires after 10 minutes. */
export const googleOauthStates = pgTable('google_oauth_states', {
  state: text().primaryKey(),
  purpose: text({ enum: ['sign_in', 'connect'] }).notNull(),
  /** The signed-in user connecting their Google account (purpose connect). */
  userId: integer().references(() => users.id, { onDelete: 'cascade' }),
  nonce: text().notNull(),
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
    contactId: integer()
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
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
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('google_contact_reviews_user_resource_key').on(t.userId, t.resourceName),
    index('google_contact_reviews_user_idx').on(t.userId, t.createdAt),
  ],
);
