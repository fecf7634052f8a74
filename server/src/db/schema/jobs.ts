import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * Durable background work (syncs, bot deliveries, reminders, maintenance). A row is claimed by one
 * process at a time through `locked_until`; finished one-off jobs are deleted, recurring ones move
 * their `run_at` forward. See docs/decisions/0009-job-runner.md.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    kind: text().notNull(),
    /** Deduplication key: at most one pending job per (kind, key). */
    key: text(),
    payload: jsonb().notNull().default({}),
    status: text({ enum: ['pending', 'failed'] })
      .notNull()
      .default('pending'),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer().notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(8),
    /** Set for recurring jobs: the next run is scheduled this long after the previous one ends. */
    intervalMs: integer('interval_ms'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /**
     * Set when the job was asked for again while it ran (an edit after a push had read its data): it runs
     * once more instead of being deleted.
     */
    rerun: boolean().notNull().default(false),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('jobs_pending_kind_key_idx')
      .on(table.kind, table.key)
      .where(sql`${table.status} = 'pending' and ${table.key} is not null`),
    index('jobs_due_idx').on(table.runAt).where(sql`${table.status} = 'pending'`),
  ],
);
