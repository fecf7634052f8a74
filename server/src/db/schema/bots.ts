import { index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * A request to link a messaging account, proven before it counts:
 * - deep_link: whoever opens the one-time t.me link (`token_hash` of its payload) becomes the linked account;
 * - typed_id: only the typed Telegram account (`target`), after pressing Yes (`token_hash` of the button's nonce);
 * - code: the WhatsApp number (`target`) once the 6-digit code (`token_hash`) is typed back.
 */
export const botLinkRequests = pgTable(
  'bot_link_requests',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    platform: text({ enum: ['telegram', 'whatsapp'] }).notNull(),
    method: text({ enum: ['deep_link', 'typed_id', 'code'] }).notNull(),
    tokenHash: text().notNull(),
    target: text(),
    attempts: integer().notNull().default(0),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    /** Set when the request is used, cancelled by a newer one, or locked after too many wrong codes. */
    closedAt: timestamp({ withTimezone: true }),
    confirmedAt: timestamp({ withTimezone: true }),
    /** E-mail of the Relate account the confirmed messaging account was linked to before. */
    transferredFrom: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('bot_link_requests_user_idx').on(t.userId, t.platform, t.createdAt.desc()),
    index('bot_link_requests_token_idx').on(t.tokenHash),
  ],
);

/** Inbound webhook updates already handled (Telegram update_id, WhatsApp message id): each is handled once. */
export const botInboundUpdates = pgTable(
  'bot_inbound_updates',
  {
    platform: text({ enum: ['telegram', 'whatsapp'] }).notNull(),
    externalId: text().notNull(),
    receivedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.platform, t.externalId] })],
);

/** Messages the bots have sent, by a key naming what they were for: a reminder or notification goes out once. */
export const botDeliveries = pgTable(
  'bot_deliveries',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    deliveryKey: text().notNull(),
    platform: text({ enum: ['telegram', 'whatsapp'] }),
    sentAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('bot_deliveries_key').on(t.userId, t.deliveryKey)],
);
