import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * What a user deleted, for TRASH_DAYS (decision 0050): the row as it was (`payload`, `to_jsonb` of the
 * kind's table), moved here in the statement that deletes it and moved back by a restore. The kind's
 * own repository writes and reads its rows; the trash module lists, empties and purges them.
 */
export const trashItems = pgTable(
  'trash_items',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text({ enum: ['contact', 'company', 'task'] }).notNull(),
    /** The deleted row's id, which a restore gives back (its links point at it). */
    itemId: integer().notNull(),
    /** What the Trash page shows: a contact's name (else its e-mail), a company's name, a task's title. */
    label: text().notNull(),
    /** One delete (one contact, a selection, "Delete all"): what its Undo restores. */
    batch: uuid().notNull(),
    deletedAt: timestamp({ withTimezone: true }).notNull(),
    payload: jsonb().notNull(),
  },
  (t) => [
    index('trash_items_user_deleted_at_idx').on(t.userId, t.deletedAt, t.id),
    index('trash_items_user_batch_idx').on(t.userId, t.batch),
    // The purge job's scan of what is past TRASH_DAYS.
    index('trash_items_deleted_at_idx').on(t.deletedAt),
  ],
);
