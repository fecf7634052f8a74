import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * One person in one user's group. A row is an invitation until the invited person approves it; approving
 * also adds the inviter to the invitee's group, so that an approved membership is mutual.
 */
export const groupMembers = pgTable(
  'group_members',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    /** The group's owner: the person who invited. */
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The invited person's e-mail, lower-cased. */
    email: text().notNull(),
    /** The name the owner gave them. */
    name: text().notNull(),
    /** The invited person's account, once they have one. */
    memberId: integer().references(() => users.id, { onDelete: 'cascade' }),
    status: text({ enum: ['waiting_for_approval', 'approved', 'declined'] })
      .notNull()
      .default('waiting_for_approval'),
    addedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('group_members_user_email_key').on(table.userId, table.email),
    index('group_members_member_idx').on(table.memberId),
    index('group_members_email_idx').on(table.email),
  ],
);
