import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

export const notifications = pgTable(
  'notifications',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    notification: text().notNull(),
    notificationType: text({
      enum: [
        'task_assigned',
        'contact_shared',
        'event_assigned',
        'group_invitation',
        'follow_up',
        'birthday',
        'other',
      ],
    })
      .notNull()
      .default('other'),
    isRead: boolean().notNull().default(false),
    /** What the notification is about (with subject_id), so that a click can open it. */
    subjectType: text({ enum: ['contact', 'task', 'event', 'group', 'subscription', 'user'] }),
    subjectId: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('notifications_user_created_idx').on(table.userId, table.createdAt.desc(), table.id.desc()),
    index('notifications_user_unread_idx').on(table.userId).where(sql`not ${table.isRead}`),
  ],
);

/**
 * The reminders already given (a follow-up for its date, a birthday for its year), so that each is given
 * once however often the reminders job runs. No foreign key to contacts: a key names its contact.
 */
export const remindersSent = pgTable(
  'reminders_sent',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text().notNull(),
    sentAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.key] })],
);
