import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    email: text().notNull(),
    passwordHash: text('password_hash'),
    fullName: text('full_name'),
    status: text({ enum: ['pending', 'approved', 'rejected'] })
      .notNull()
      .default('pending'),
    role: text({ enum: ['user', 'admin'] })
      .notNull()
      .default('user'),
    plan: text({ enum: ['Free', 'Starter', 'Pro', 'Business', 'Enterprise'] })
      .notNull()
      .default('Free'),
    preferredMessagingPlatform: text('preferred_messaging_platform', { enum: ['telegram', 'whatsapp'] }),
    telegramId: text('telegram_id'),
    whatsappPhoneNumber: text('whatsapp_phone_number'),
    /** The linked Telegram account's name, shown on the Bot Connection card. */
    telegramName: text('telegram_name'),
    /** Free-form WhatsApp messages are allowed for 24 h after the user's last message; templates otherwise. */
    whatsappLastInboundAt: timestamp('whatsapp_last_inbound_at', { withTimezone: true }),
    /** IANA zone the bots word times in (sent by the browser when linking); task reminders go at 09:00 there. */
    timezone: text().notNull().default('UTC'),
    /** The Google account (ID token `sub`) this user signs in with. */
    googleSubject: text('google_subject'),
    /** When the owner of the e-mail opened the link sent at sign-up; only then may a Google sign-in join a password account. */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('users_email_key').on(sql`lower(${table.email})`),
    uniqueIndex('users_google_subject_key').on(table.googleSubject),
  ],
);

/** Refresh tokens are stored hashed; each login starts a family that rotation keeps. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('refresh_tokens_token_hash_key').on(table.tokenHash),
    index('refresh_tokens_family_idx').on(table.familyId),
    index('refresh_tokens_user_idx').on(table.userId),
  ],
);

/** One-time password-reset tokens, stored hashed; a reset or a newer request ends them. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('password_reset_tokens_token_hash_key').on(table.tokenHash),
    index('password_reset_tokens_user_idx').on(table.userId),
  ],
);

/** What happened to an account that its administrator should know (Admin → the account's history). */
export const accountHistory = pgTable(
  'account_history',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text({ enum: ['google_takeover'] }).notNull(),
    message: text().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('account_history_user_idx').on(table.userId, table.createdAt)],
);
