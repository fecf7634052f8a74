import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users';

export const projects = pgTable(
  'projects',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    ownerId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Stored trimmed; unique per owner, case-insensitively. */
    name: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('projects_owner_name_idx').on(t.ownerId, sql`lower(${t.name})`)],
);

export const projectParticipants = pgTable(
  'project_participants',
  {
    projectId: integer()
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.projectId, t.userId] }),
    index('project_participants_user_idx').on(t.userId),
  ],
);

export const tasks = pgTable(
  'tasks',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    ownerId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    projectId: integer()
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    title: text().notNull(),
    description: text(),
    status: text({ enum: ['todo', 'in_progress', 'completed', 'cancelled'] })
      .notNull()
      .default('todo'),
    priority: text({ enum: ['low', 'medium', 'high'] })
      .notNull()
      .default('medium'),
    scheduledDate: timestamp({ withTimezone: true }),
    dueDate: timestamp({ withTimezone: true }),
    assigneeId: integer().references(() => users.id, { onDelete: 'set null' }),
    completedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('tasks_owner_idx').on(t.ownerId),
    index('tasks_project_idx').on(t.projectId),
    index('tasks_assignee_idx').on(t.assigneeId),
  ],
);
