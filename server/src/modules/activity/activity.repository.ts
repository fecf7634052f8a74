import { and, desc, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { activities, users } from '../../db/schema';

export type ActivityValues = Omit<typeof activities.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

/** A timeline row with its actor's name (decision 0010: read joins on users). */
export type ActivityRow = typeof activities.$inferSelect & { actorName: string | null };

/** Whose timeline: a contact (with the import that created it, if any) or a company. */
export type TimelineSubject = { contactId: number; importId: number | null } | { companyId: number };

/** The position after which a page starts: the last entry of the previous page. */
export interface TimelineCursor {
  occurredAt: Date;
  id: number;
}

const ROW = {
  id: activities.id,
  userId: activities.userId,
  contactId: activities.contactId,
  companyId: activities.companyId,
  importId: activities.importId,
  type: activities.type,
  actorId: activities.actorId,
  occurredAt: activities.occurredAt,
  body: activities.body,
  interactionKind: activities.interactionKind,
  durationMinutes: activities.durationMinutes,
  changes: activities.changes,
  detail: activities.detail,
  createdAt: activities.createdAt,
  updatedAt: activities.updatedAt,
  actorName: sql<string | null>`coalesce(nullif(${users.fullName}, ''), ${users.email})`,
};

/** Rows per INSERT: well below PostgreSQL's 65,535 parameters of a statement. */
const INSERT_CHUNK = 1000;

export class ActivityRepository {
  constructor(private readonly db: Database) {}

  /** Inserts the rows, a statement per 1,000; answers their ids in the same order. */
  async insertMany(rows: ActivityValues[], db: Database = this.db): Promise<number[]> {
    const ids: number[] = [];
    for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
      const chunk = rows.slice(start, start + INSERT_CHUNK);
      const written = await db.insert(activities).values(chunk).returning({ id: activities.id });
      ids.push(...written.map((row) => row.id));
    }
    return ids;
  }

  /** A page of a timeline, newest first: entries after the cursor, `limit` of them. */
  page(
    userId: number,
    subject: TimelineSubject,
    cursor: TimelineCursor | undefined,
    limit: number,
    db: Database = this.db,
  ): Promise<ActivityRow[]> {
    const of: SQL =
      'companyId' in subject
        ? eq(activities.companyId, subject.companyId)
        : subject.importId === null
          ? eq(activities.contactId, subject.contactId)
          : (or(
              eq(activities.contactId, subject.contactId),
              and(eq(activities.importId, subject.importId), isNull(activities.contactId)),
            ) as SQL);
    const after = cursor
      ? sql`(${activities.occurredAt}, ${activities.id}) < (${cursor.occurredAt.toISOString()}::timestamptz, ${cursor.id})`
      : undefined;
    return db
      .select(ROW)
      .from(activities)
      .leftJoin(users, eq(users.id, activities.actorId))
      .where(and(eq(activities.userId, userId), of, after))
      .orderBy(desc(activities.occurredAt), desc(activities.id))
      .limit(limit);
  }

  async findById(userId: number, id: number, db: Database = this.db): Promise<ActivityRow | undefined> {
    const [row] = await db
      .select(ROW)
      .from(activities)
      .leftJoin(users, eq(users.id, activities.actorId))
      .where(and(eq(activities.userId, userId), eq(activities.id, id)));
    return row;
  }

  /** A note's new text, by its owner's id and its author's. */
  async updateNote(userId: number, actorId: number, id: number, body: string, db: Database = this.db) {
    const [row] = await db
      .update(activities)
      .set({ body, updatedAt: new Date() })
      .where(
        and(
          eq(activities.userId, userId),
          eq(activities.actorId, actorId),
          eq(activities.id, id),
          eq(activities.type, 'note'),
        ),
      )
      .returning({ id: activities.id });
    return row !== undefined;
  }

  async deleteNote(userId: number, actorId: number, id: number, db: Database = this.db): Promise<boolean> {
    const rows = await db
      .delete(activities)
      .where(
        and(
          eq(activities.userId, userId),
          eq(activities.actorId, actorId),
          eq(activities.id, id),
          eq(activities.type, 'note'),
        ),
      )
      .returning({ id: activities.id });
    return rows.length > 0;
  }

  /** A merge: the merged contacts' entries move to the contact kept, in one statement. */
  async moveContacts(userId: number, fromIds: number[], toId: number, db: Database = this.db): Promise<void> {
    if (fromIds.length === 0) return;
    await db
      .update(activities)
      .set({ contactId: toId })
      .where(and(eq(activities.userId, userId), inArray(activities.contactId, fromIds)));
  }

  /** The entries of contacts or companies deleted for good (out of the Trash), in one statement. */
  async forget(
    userId: number,
    of: 'contact' | 'company',
    ids: number[],
    db: Database = this.db,
  ): Promise<void> {
    if (ids.length === 0) return;
    const column = of === 'contact' ? activities.contactId : activities.companyId;
    await db.delete(activities).where(and(eq(activities.userId, userId), inArray(column, ids)));
  }
}
