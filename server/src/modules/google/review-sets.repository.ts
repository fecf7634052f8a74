import { isNotNull, isNull, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/** Which review items a query reads: waiting for a decision, dismissed by the user, or both. */
export type ReviewSet = 'waiting' | 'dismissed' | 'all';

/** The condition on a review table's `dismissed_at` that picks `which`. */
export const inSet = (dismissedAt: PgColumn, which: ReviewSet): SQL | undefined =>
  which === 'waiting' ? isNull(dismissedAt) : which === 'dismissed' ? isNotNull(dismissedAt) : undefined;
