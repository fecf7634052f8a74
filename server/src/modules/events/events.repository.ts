import { and, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import { insertRowsAsJson } from '../../db/bulk-insert';
import type { Database } from '../../db/client';
import { events, users } from '../../db/schema';

export type EventRow = typeof events.$inferSelect;
export type EventValues = Omit<typeof events.$inferInsert, 'id' | 'ownerId' | 'createdAt' | 'updatedAt'>;
export type EventWithOwner = EventRow & { ownerEmail: string };

/** The user owns it, or their e-mail is among its participants. */
const visibleTo = (userId: number, email: string): SQL =>
  or(
    eq(events.ownerId, userId),
    sql`${events.participants} @> ${JSON.stringify([{ email: email.toLowerCase() }])}::jsonb`,
  )!;

export class EventsRepository {
  constructor(private readonly db: Database) {}

  private select(db: Database) {
    return db
      .select({ event: events, ownerEmail: users.email })
      .from(events)
      .innerJoin(users, eq(users.id, events.ownerId));
  }

  /** Series that may have an occurrence in [from, to): single events overlapping it, repeating ones begun before its end and not ended before its start. */
  async inRange(
    userId: number,
    email: string,
    from: Date,
    to: Date,
    db: Database = this.db,
  ): Promise<EventWithOwner[]> {
    const rows = await this.select(db)
      .where(
        and(
          visibleTo(userId, email),
          sql`${events.startAt} < ${to}`,
          sql`(case when ${events.repeatPattern} = 'none' then ${events.endAt} >= ${from}
                else ${events.repeatEndDate} is null or ${events.repeatEndDate} + interval '1 day' >= ${from} end)`,
        ),
      )
      .orderBy(events.startAt, events.id);
    return rows.map(({ event, ownerEmail }) => ({ ...event, ownerEmail }));
  }

  async visible(
    userId: number,
    email: string,
    id: number,
    db: Database = this.db,
  ): Promise<EventWithOwner | undefined> {
    const [row] = await this.select(db).where(and(eq(events.id, id), visibleTo(userId, email)));
    return row && { ...row.event, ownerEmail: row.ownerEmail };
  }

  /** Every event the user owns, in id order, a page at a time (export). */
  async *owned(userId: number, batchSize = 1000, db: Database = this.db): AsyncGenerator<EventRow[]> {
    let after = 0;
    for (;;) {
      const rows = await db
        .select()
        .from(events)
        .where(and(eq(events.ownerId, userId), sql`${events.id} > ${after}`))
        .orderBy(events.id)
        .limit(batchSize);
      if (rows.length === 0) return;
      yield rows;
      after = rows[rows.length - 1].id;
    }
  }

  async insert(ownerId: number, values: EventValues, db: Database = this.db): Promise<number> {
    const [row] = await db
      .insert(events)
      .values({ ...values, ownerId })
      .returning({ id: events.id });
    return row.id;
  }

  /** Inserts many events (an import) in one statement; answers their ids in order. */
  insertMany(ownerId: number, rows: EventValues[], db: Database = this.db): Promise<number[]> {
    return insertRowsAsJson(
      db,
      events,
      rows.map((values) => ({ ...values, ownerId })),
    );
  }

  /** Deletes events the user owns by id (an import that failed part-way); answers how many. */
  async deleteMany(ownerId: number, ids: number[], db: Database = this.db): Promise<number> {
    if (ids.length === 0) return 0;
    const rows = await db
      .delete(events)
      .where(and(eq(events.ownerId, ownerId), inArray(events.id, ids)))
      .returning({ id: events.id });
    return rows.length;
  }

  /** Changes an event the user owns; false when they own none with that id. */
  async update(
    ownerId: number,
    id: number,
    values: Partial<EventValues>,
    db: Database = this.db,
  ): Promise<boolean> {
    const rows = await db
      .update(events)
      .set({ ...values, updatedAt: new Date() })
      .where(and(eq(events.id, id), eq(events.ownerId, ownerId)))
      .returning({ id: events.id });
    return rows.length > 0;
  }

  /** Deletes an event the user owns; false when they own none with that id. */
  async delete(ownerId: number, id: number, db: Database = this.db): Promise<boolean> {
    const rows = await db
      .delete(events)
      .where(and(eq(events.id, id), eq(events.ownerId, ownerId)))
      .returning({ id: events.id });
    return rows.length > 0;
  }
}
