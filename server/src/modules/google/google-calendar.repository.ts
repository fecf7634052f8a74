import { and, asc, eq, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { anyOf } from '../../db/batches';
import { upsertRowsAsJson } from '../../db/bulk-insert';
import type { Database } from '../../db/client';
import { googleAccounts, googleCalendarLinks, googleCalendarReviews } from '../../db/schema';
import { inSet, type ReviewSet } from './review-sets.repository';

export type { CalendarSyncedValues } from '../../db/schema';
export type CalendarLinkRow = typeof googleCalendarLinks.$inferSelect;
export type CalendarReviewRow = typeof googleCalendarReviews.$inferSelect;
export type NewCalendarReview = Omit<
  typeof googleCalendarReviews.$inferInsert,
  'id' | 'userId' | 'createdAt' | 'updatedAt'
>;
export type NewCalendarLink = Omit<typeof googleCalendarLinks.$inferInsert, 'userId' | 'syncedAt'>;

/** The calendar sync's tables (ADR 0022); every query of a user's rows names the user. */
export class GoogleCalendarRepository {
  constructor(private readonly db: Database) {}

  /** Marks the calendar sync as running unless one is (a run not renewed since `staleBefore` died): the row is the lock. */
  async claimSync(userId: number, now: Date, staleBefore: Date, db: Database = this.db): Promise<boolean> {
    const rows = await db
      .update(googleAccounts)
      .set({ calendarSyncStartedAt: now })
      .where(
        and(
          eq(googleAccounts.userId, userId),
          or(
            isNull(googleAccounts.calendarSyncStartedAt),
            lt(googleAccounts.calendarSyncStartedAt, staleBefore),
          ),
        ),
      )
      .returning({ userId: googleAccounts.userId });
    return rows.length > 0;
  }

  /** A running calendar sync's heartbeat: moves its claim from `previous` to `now` while it is still its own. */
  async renewSync(userId: number, previous: Date, now: Date, db: Database = this.db): Promise<boolean> {
    const rows = await db
      .update(googleAccounts)
      .set({ calendarSyncStartedAt: now })
      .where(and(eq(googleAccounts.userId, userId), eq(googleAccounts.calendarSyncStartedAt, previous)))
      .returning({ userId: googleAccounts.userId });
    return rows.length > 0;
  }

  async finishSync(
    userId: number,
    values: { calendarLastError: string | null; calendarSyncToken?: string | null; calendarSyncedAt?: Date },
    db: Database = this.db,
  ): Promise<void> {
    await db
      .update(googleAccounts)
      .set({ ...values, calendarSyncStartedAt: null, updatedAt: new Date() })
      .where(eq(googleAccounts.userId, userId));
  }

  async saveSyncToken(userId: number, token: string | null, syncedAt: Date, db: Database = this.db) {
    await db
      .update(googleAccounts)
      .set({ calendarSyncToken: token, calendarSyncedAt: syncedAt, updatedAt: new Date() })
      .where(eq(googleAccounts.userId, userId));
  }

  async isConnected(userId: number, db: Database = this.db): Promise<boolean> {
    const rows = await db
      .select({ userId: googleAccounts.userId })
      .from(googleAccounts)
      .where(eq(googleAccounts.userId, userId));
    return rows.length > 0;
  }

  async connectedUserIds(db: Database = this.db): Promise<number[]> {
    const rows = await db.select({ userId: googleAccounts.userId }).from(googleAccounts);
    return rows.map((row) => row.userId);
  }

  async links(userId: number, db: Database = this.db): Promise<CalendarLinkRow[]> {
    return db.select().from(googleCalendarLinks).where(eq(googleCalendarLinks.userId, userId));
  }

  async linksByGoogleIds(userId: number, ids: string[], db: Database = this.db): Promise<CalendarLinkRow[]> {
    if (ids.length === 0) return [];
    return db
      .select()
      .from(googleCalendarLinks)
      .where(and(eq(googleCalendarLinks.userId, userId), anyOf(googleCalendarLinks.googleEventId, ids)));
  }

  /** The links of a series' occurrences (`<seriesId>_…`). */
  async linksWithPrefix(userId: number, prefix: string, db: Database = this.db): Promise<CalendarLinkRow[]> {
    return db
      .select()
      .from(googleCalendarLinks)
      .where(
        and(
          eq(googleCalendarLinks.userId, userId),
          sql`starts_with(${googleCalendarLinks.googleEventId}, ${prefix})`,
        ),
      );
  }

  async linksByEventIds(
    userId: number,
    eventIds: number[],
    db: Database = this.db,
  ): Promise<CalendarLinkRow[]> {
    if (eventIds.length === 0) return [];
    return db
      .select()
      .from(googleCalendarLinks)
      .where(and(eq(googleCalendarLinks.userId, userId), anyOf(googleCalendarLinks.eventId, eventIds)));
  }

  async saveLink(userId: number, link: NewCalendarLink, db: Database = this.db): Promise<void> {
    const values = { ...link, userId, syncedAt: new Date() };
    await db
      .insert(googleCalendarLinks)
      .values(values)
      .onConflictDoUpdate({
        target: [googleCalendarLinks.userId, googleCalendarLinks.googleEventId],
        set: values,
      });
  }

  async deleteLinks(userId: number, googleEventIds: string[], db: Database = this.db): Promise<void> {
    if (googleEventIds.length === 0) return;
    await db
      .delete(googleCalendarLinks)
      .where(
        and(eq(googleCalendarLinks.userId, userId), anyOf(googleCalendarLinks.googleEventId, googleEventIds)),
      );
  }

  /** The user's review items: those waiting (the dialog's), those dismissed, or all. */
  async reviews(
    userId: number,
    db: Database = this.db,
    which: ReviewSet = 'all',
  ): Promise<CalendarReviewRow[]> {
    return db
      .select()
      .from(googleCalendarReviews)
      .where(and(eq(googleCalendarReviews.userId, userId), inSet(googleCalendarReviews.dismissedAt, which)))
      .orderBy(asc(googleCalendarReviews.createdAt), asc(googleCalendarReviews.googleEventId));
  }

  async reviewsByIds(userId: number, ids: string[], db: Database = this.db): Promise<CalendarReviewRow[]> {
    if (ids.length === 0) return [];
    return db
      .select()
      .from(googleCalendarReviews)
      .where(
        and(
          eq(googleCalendarReviews.userId, userId),
          anyOf(googleCalendarReviews.id, ids),
          isNull(googleCalendarReviews.dismissedAt),
        ),
      )
      .for('update');
  }

  /**
   * Dismisses the waiting `new` and `likely_duplicate` items among `ids` (never imported, listed as
   * dismissed until restored); answers the ids dismissed.
   */
  async dismissReviews(userId: number, ids: string[], at: Date, db: Database = this.db): Promise<string[]> {
    const rows = await db
      .update(googleCalendarReviews)
      .set({ dismissedAt: at })
      .where(
        and(
          eq(googleCalendarReviews.userId, userId),
          anyOf(googleCalendarReviews.id, ids),
          isNull(googleCalendarReviews.dismissedAt),
          inArray(googleCalendarReviews.kind, ['new', 'likely_duplicate']),
        ),
      )
      .returning({ id: googleCalendarReviews.id });
    return rows.map((row) => row.id);
  }

  /** Puts dismissed items among `ids` back in review; answers how many. */
  async restoreReviews(userId: number, ids: string[], db: Database = this.db): Promise<number> {
    const rows = await db
      .update(googleCalendarReviews)
      .set({ dismissedAt: null })
      .where(
        and(
          eq(googleCalendarReviews.userId, userId),
          anyOf(googleCalendarReviews.id, ids),
          isNotNull(googleCalendarReviews.dismissedAt),
        ),
      )
      .returning({ id: googleCalendarReviews.id });
    return rows.length;
  }

  /** The waiting occurrences of these series (applied together with their series). */
  async reviewsOfSeries(userId: number, seriesIds: string[], db: Database = this.db) {
    if (seriesIds.length === 0) return [];
    return db
      .select()
      .from(googleCalendarReviews)
      .where(
        and(eq(googleCalendarReviews.userId, userId), anyOf(googleCalendarReviews.seriesGoogleId, seriesIds)),
      )
      .for('update');
  }

  /** One review item per Google event: a newer change replaces the older one and keeps its id. */
  async upsertReviews(userId: number, reviews: NewCalendarReview[], db: Database = this.db): Promise<void> {
    const updatedAt = new Date();
    await upsertRowsAsJson(
      db,
      googleCalendarReviews,
      reviews.map((review) => ({ ...review, userId, updatedAt })),
      {
        target: ['userId', 'googleEventId'],
        update: ['kind', 'seriesGoogleId', 'etag', 'google', 'eventId', 'changes', 'updatedAt'],
      },
    );
  }

  async deleteReviews(userId: number, googleEventIds: string[], db: Database = this.db): Promise<void> {
    if (googleEventIds.length === 0) return;
    await db
      .delete(googleCalendarReviews)
      .where(
        and(
          eq(googleCalendarReviews.userId, userId),
          anyOf(googleCalendarReviews.googleEventId, googleEventIds),
        ),
      );
  }

  /** The Google ids among `ids` that have a review waiting. */
  async pendingGoogleIds(userId: number, ids: string[], db: Database = this.db): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await db
      .select({ id: googleCalendarReviews.googleEventId })
      .from(googleCalendarReviews)
      .where(and(eq(googleCalendarReviews.userId, userId), anyOf(googleCalendarReviews.googleEventId, ids)));
    return new Set(rows.map((row) => row.id));
  }

  async syncState(userId: number, db: Database = this.db) {
    const [row] = await db
      .select({ syncToken: googleAccounts.calendarSyncToken })
      .from(googleAccounts)
      .where(eq(googleAccounts.userId, userId));
    return row;
  }
}
