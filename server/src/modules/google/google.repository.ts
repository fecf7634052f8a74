import { and, asc, eq, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { anyOf, inBatches } from '../../db/batches';
import { upsertRowsAsJson } from '../../db/bulk-insert';
import type { Database } from '../../db/client';
import {
  googleAccounts,
  googleCalendarLinks,
  googleCalendarReviews,
  googleContactLinks,
  googleContactReviews,
  googleOauthStates,
} from '../../db/schema';
import { inSet, type ReviewSet } from './review-sets.repository';

export type OauthStateRow = typeof googleOauthStates.$inferSelect;
export type GoogleAccountRow = typeof googleAccounts.$inferSelect;
export type ContactLinkRow = typeof googleContactLinks.$inferSelect;
export type ContactReviewRow = typeof googleContactReviews.$inferSelect;
export type NewContactReview = Omit<
  typeof googleContactReviews.$inferInsert,
  'id' | 'userId' | 'createdAt' | 'updatedAt'
>;
export type NewContactLink = Omit<typeof googleContactLinks.$inferInsert, 'userId'>;

/** The only code that reads and writes the Google tables; every query of a user's rows names the user. */
export class GoogleRepository {
  constructor(private readonly db: Database) {}

  async insertState(row: typeof googleOauthStates.$inferInsert, db: Database = this.db): Promise<void> {
    await db.insert(googleOauthStates).values(row);
  }

  /** Deletes and answers the state in one statement, so that it can be used only once. */
  async consumeState(state: string, db: Database = this.db): Promise<OauthStateRow | undefined> {
    const [row] = await db.delete(googleOauthStates).where(eq(googleOauthStates.state, state)).returning();
    return row;
  }

  async deleteExpiredStates(now: Date, db: Database = this.db): Promise<void> {
    await db.delete(googleOauthStates).where(lt(googleOauthStates.expiresAt, now));
  }

  /** Ends every sync claim (see GoogleAuthService.releaseClaimsOfEarlierProcess). */
  async releaseAllSyncClaims(db: Database = this.db): Promise<void> {
    await db
      .update(googleAccounts)
      .set({ contactsSyncStartedAt: null, calendarSyncStartedAt: null })
      .where(
        or(isNotNull(googleAccounts.contactsSyncStartedAt), isNotNull(googleAccounts.calendarSyncStartedAt)),
      );
  }

  async account(userId: number, db: Database = this.db): Promise<GoogleAccountRow | undefined> {
    const [row] = await db.select().from(googleAccounts).where(eq(googleAccounts.userId, userId));
    return row;
  }

  /** Connecting again replaces the token; the sync state stays when it is the same Google account. */
  async saveAccount(
    values: Pick<
      GoogleAccountRow,
      'userId' | 'googleSubject' | 'googleEmail' | 'refreshTokenEncrypted' | 'scopes'
    >,
    db: Database = this.db,
  ): Promise<void> {
    await db
      .insert(googleAccounts)
      .values(values)
      .onConflictDoUpdate({
        target: googleAccounts.userId,
        set: {
          googleEmail: values.googleEmail,
          refreshTokenEncrypted: values.refreshTokenEncrypted,
          scopes: values.scopes,
          contactsLastError: null,
          calendarLastError: null,
          updatedAt: new Date(),
        },
      });
  }

  async updateAccount(
    userId: number,
    values: Partial<GoogleAccountRow>,
    db: Database = this.db,
  ): Promise<void> {
    await db
      .update(googleAccounts)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(googleAccounts.userId, userId));
  }

  /** Forgets the connection and everything synced through it; the contacts themselves stay. */
  async deleteAccount(userId: number, db: Database = this.db): Promise<void> {
    await db.delete(googleContactReviews).where(eq(googleContactReviews.userId, userId));
    await db.delete(googleContactLinks).where(eq(googleContactLinks.userId, userId));
    await db.delete(googleCalendarReviews).where(eq(googleCalendarReviews.userId, userId));
    await db.delete(googleCalendarLinks).where(eq(googleCalendarLinks.userId, userId));
    await db.delete(googleAccounts).where(eq(googleAccounts.userId, userId));
  }

  /**
   * Marks the user's contacts sync as running, unless one is already running (a run not renewed since
   * `staleBefore` is taken to have died). Works across processes: the row is the lock.
   */
  async claimContactsSync(
    userId: number,
    now: Date,
    staleBefore: Date,
    db: Database = this.db,
  ): Promise<boolean> {
    const rows = await db
      .update(googleAccounts)
      .set({ contactsSyncStartedAt: now })
      .where(
        and(
          eq(googleAccounts.userId, userId),
          or(
            isNull(googleAccounts.contactsSyncStartedAt),
            lt(googleAccounts.contactsSyncStartedAt, staleBefore),
          ),
        ),
      )
      .returning({ userId: googleAccounts.userId });
    return rows.length > 0;
  }

  /** A running contacts sync's heartbeat: moves its claim from `previous` to `now` while it is still its own. */
  async renewContactsSync(
    userId: number,
    previous: Date,
    now: Date,
    db: Database = this.db,
  ): Promise<boolean> {
    const rows = await db
      .update(googleAccounts)
      .set({ contactsSyncStartedAt: now })
      .where(and(eq(googleAccounts.userId, userId), eq(googleAccounts.contactsSyncStartedAt, previous)))
      .returning({ userId: googleAccounts.userId });
    return rows.length > 0;
  }

  async connectedUserIds(db: Database = this.db): Promise<number[]> {
    const rows = await db.select({ userId: googleAccounts.userId }).from(googleAccounts);
    return rows.map((row) => row.userId);
  }

  async links(userId: number, db: Database = this.db): Promise<ContactLinkRow[]> {
    return db.select().from(googleContactLinks).where(eq(googleContactLinks.userId, userId));
  }

  async linksByResource(
    userId: number,
    resourceNames: string[],
    db: Database = this.db,
  ): Promise<ContactLinkRow[]> {
    if (resourceNames.length === 0) return [];
    return db
      .select()
      .from(googleContactLinks)
      .where(
        and(eq(googleContactLinks.userId, userId), anyOf(googleContactLinks.resourceName, resourceNames)),
      );
  }

  async linkOfContact(
    userId: number,
    contactId: number,
    db: Database = this.db,
  ): Promise<ContactLinkRow | undefined> {
    const [row] = await db
      .select()
      .from(googleContactLinks)
      .where(and(eq(googleContactLinks.userId, userId), eq(googleContactLinks.contactId, contactId)));
    return row;
  }

  async linkedContactIds(userId: number, contactIds: number[], db: Database = this.db): Promise<Set<number>> {
    if (contactIds.length === 0) return new Set();
    const rows = await db
      .select({ contactId: googleContactLinks.contactId })
      .from(googleContactLinks)
      .where(and(eq(googleContactLinks.userId, userId), anyOf(googleContactLinks.contactId, contactIds)));
    return new Set(rows.flatMap((row) => (row.contactId === null ? [] : [row.contactId])));
  }

  async editedLinks(userId: number, db: Database = this.db): Promise<ContactLinkRow[]> {
    return db
      .select()
      .from(googleContactLinks)
      .where(and(eq(googleContactLinks.userId, userId), eq(googleContactLinks.locallyEdited, true)));
  }

  /** New links (contacts just created from Google), a statement per ROWS_PER_STATEMENT. */
  async insertLinks(userId: number, links: NewContactLink[], db: Database = this.db): Promise<void> {
    await inBatches(links, (batch) =>
      db.insert(googleContactLinks).values(batch.map((link) => ({ ...link, userId }))),
    );
  }

  async saveLink(userId: number, link: NewContactLink, db: Database = this.db): Promise<void> {
    const values = { locallyEdited: false, ...link, userId, syncedAt: new Date() };
    await db
      .insert(googleContactLinks)
      .values(values)
      .onConflictDoUpdate({
        target: [googleContactLinks.userId, googleContactLinks.resourceName],
        set: values,
      });
  }

  /** Google's contact changed in fields Relate does not sync: only its etags move on. */
  async updateLinkEtags(
    userId: number,
    resourceName: string,
    etags: Pick<ContactLinkRow, 'etag' | 'sourceEtag'>,
    db: Database = this.db,
  ): Promise<void> {
    await db
      .update(googleContactLinks)
      .set(etags)
      .where(and(eq(googleContactLinks.userId, userId), eq(googleContactLinks.resourceName, resourceName)));
  }

  async deleteLink(userId: number, resourceName: string, db: Database = this.db): Promise<void> {
    await db
      .delete(googleContactLinks)
      .where(and(eq(googleContactLinks.userId, userId), eq(googleContactLinks.resourceName, resourceName)));
  }

  /** Marks the contact's link for the next push; false when the contact is not linked. */
  async markEdited(userId: number, contactId: number, db: Database = this.db): Promise<boolean> {
    const rows = await db
      .update(googleContactLinks)
      .set({ locallyEdited: true })
      .where(and(eq(googleContactLinks.userId, userId), eq(googleContactLinks.contactId, contactId)))
      .returning({ resourceName: googleContactLinks.resourceName });
    return rows.length > 0;
  }

  /** The links of contacts going to the Trash remember them (decision 0050); the push leaves them alone. */
  async trashContacts(userId: number, contactIds: number[], db: Database = this.db): Promise<void> {
    await db
      .update(googleContactLinks)
      .set({ trashedContactId: googleContactLinks.contactId })
      .where(and(eq(googleContactLinks.userId, userId), anyOf(googleContactLinks.contactId, contactIds)));
  }

  /** Restored contacts are linked again (unless Google deleted theirs meanwhile: that link is gone). */
  async restoreContacts(userId: number, contactIds: number[], db: Database = this.db): Promise<void> {
    await db
      .update(googleContactLinks)
      .set({ contactId: googleContactLinks.trashedContactId, trashedContactId: null, keptAtGoogle: false })
      .where(
        and(
          eq(googleContactLinks.userId, userId),
          isNull(googleContactLinks.contactId),
          anyOf(googleContactLinks.trashedContactId, contactIds),
        ),
      );
  }

  /** Purged contacts' links become ordinary tombstones, which the push deletes or keeps at Google. */
  async purgeContacts(userId: number, contactIds: number[], db: Database = this.db): Promise<void> {
    await db
      .update(googleContactLinks)
      .set({ trashedContactId: null })
      .where(
        and(eq(googleContactLinks.userId, userId), anyOf(googleContactLinks.trashedContactId, contactIds)),
      );
  }

  /** Links of contacts deleted in Relate (and no longer in its Trash) that the push is to delete at Google. */
  async deletedLinks(userId: number, db: Database = this.db): Promise<ContactLinkRow[]> {
    return db
      .select()
      .from(googleContactLinks)
      .where(
        and(
          eq(googleContactLinks.userId, userId),
          isNull(googleContactLinks.contactId),
          isNull(googleContactLinks.trashedContactId),
          eq(googleContactLinks.keptAtGoogle, false),
        ),
      );
  }

  /** The contacts just deleted in Relate stay at Google: their links stay as tombstones only. Answers how many. */
  async keepDeletedAtGoogle(userId: number, db: Database = this.db): Promise<number> {
    const rows = await db
      .update(googleContactLinks)
      .set({ keptAtGoogle: true })
      .where(
        and(
          eq(googleContactLinks.userId, userId),
          isNull(googleContactLinks.contactId),
          isNull(googleContactLinks.trashedContactId),
          eq(googleContactLinks.keptAtGoogle, false),
        ),
      )
      .returning({ resourceName: googleContactLinks.resourceName });
    return rows.length;
  }

  /** The user's review items: those waiting (the dialog's), those dismissed, or all. */
  async reviews(
    userId: number,
    db: Database = this.db,
    which: ReviewSet = 'all',
  ): Promise<ContactReviewRow[]> {
    return db
      .select()
      .from(googleContactReviews)
      .where(and(eq(googleContactReviews.userId, userId), inSet(googleContactReviews.dismissedAt, which)))
      .orderBy(asc(googleContactReviews.createdAt), asc(googleContactReviews.resourceName));
  }

  async reviewsByIds(userId: number, ids: string[], db: Database = this.db): Promise<ContactReviewRow[]> {
    if (ids.length === 0) return [];
    return db
      .select()
      .from(googleContactReviews)
      .where(
        and(
          eq(googleContactReviews.userId, userId),
          anyOf(googleContactReviews.id, ids),
          isNull(googleContactReviews.dismissedAt),
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
      .update(googleContactReviews)
      .set({ dismissedAt: at })
      .where(
        and(
          eq(googleContactReviews.userId, userId),
          anyOf(googleContactReviews.id, ids),
          isNull(googleContactReviews.dismissedAt),
          inArray(googleContactReviews.kind, ['new', 'likely_duplicate']),
        ),
      )
      .returning({ id: googleContactReviews.id });
    return rows.map((row) => row.id);
  }

  /** Puts dismissed items among `ids` back in review; answers how many. */
  async restoreReviews(userId: number, ids: string[], db: Database = this.db): Promise<number> {
    const rows = await db
      .update(googleContactReviews)
      .set({ dismissedAt: null })
      .where(
        and(
          eq(googleContactReviews.userId, userId),
          anyOf(googleContactReviews.id, ids),
          isNotNull(googleContactReviews.dismissedAt),
        ),
      )
      .returning({ id: googleContactReviews.id });
    return rows.length;
  }

  /** One review item per Google contact: a newer change replaces the older one and keeps its id. */
  async upsertReviews(userId: number, reviews: NewContactReview[], db: Database = this.db): Promise<void> {
    const updatedAt = new Date();
    await upsertRowsAsJson(
      db,
      googleContactReviews,
      reviews.map((review) => ({ ...review, userId, updatedAt })),
      {
        target: ['userId', 'resourceName'],
        update: [
          'kind',
          'etag',
          'sourceEtag',
          'sourceId',
          'values',
          'contactId',
          'matchReason',
          'changes',
          'updatedAt',
        ],
      },
    );
  }

  async deleteReviews(userId: number, resourceNames: string[], db: Database = this.db): Promise<void> {
    if (resourceNames.length === 0) return;
    await db
      .delete(googleContactReviews)
      .where(
        and(eq(googleContactReviews.userId, userId), anyOf(googleContactReviews.resourceName, resourceNames)),
      );
  }

  async countReviews(userId: number, db: Database = this.db): Promise<number> {
    const [row] = await db
      .select({ value: sql<number>`count(*)::int` })
      .from(googleContactReviews)
      .where(and(eq(googleContactReviews.userId, userId), isNull(googleContactReviews.dismissedAt)));
    return row.value;
  }

  /** Calendar items the review dialog shows: an occurrence whose series itself waits is shown (and applied) with it. */
  async countCalendarReviews(userId: number, db: Database = this.db): Promise<number> {
    const [row] = await db
      .select({ value: sql<number>`count(*)::int` })
      .from(googleCalendarReviews)
      .where(
        and(
          eq(googleCalendarReviews.userId, userId),
          isNull(googleCalendarReviews.dismissedAt),
          sql`not exists (select 1 from google_calendar_reviews as series
                where series.user_id = ${userId}
                  and series.google_event_id = ${googleCalendarReviews.seriesGoogleId})`,
        ),
      );
    return row.value;
  }
}
