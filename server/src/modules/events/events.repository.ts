import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import { insertRowsAsJson } from '../../db/bulk-insert';
import type { Database } from '../../db/client';
import { events, googleCalendarLinks, groupMembers, users } from '../../db/schema';
import { quickSearchRanks } from '../../db/text-search';

export type EventRow = typeof events.$inferSelect;
export type EventValues = Omit<typeof events.$inferInsert, 'id' | 'ownerId' | 'createdAt' | 'updatedAt'>;
export type EventWithOwner = EventRow & {
  ownerEmail: string;
  googleLinked?: boolean;
  readOnlyReason?: string | null;
};

/**
 * The user owns it, or their e-mail is among its participants and they share a group with its owner
 * (an approved membership is mutual). Whatever wrote the participants (the API, an .ics import, the
 * Google sync), an e-mail outside the owner's group is a plain guest that opens nothing (issue 30).
 */
const visibleTo = (userId: number, email: string): SQL =>
  or(
    eq(events.ownerId, userId),
    and(
      sql`${events.participants} @> ${JSON.stringify([{ email: email.toLowerCase() }])}::jsonb`,
      sql`exists (select 1 from ${groupMembers} where ${groupMembers.userId} = ${events.ownerId}
        and ${groupMembers.memberId} = ${userId} and ${groupMembers.status} = 'approved')`,
    ),
  )!;

/** An event as the quick search (Cmd+K) shows it, with how well it matched. */
export type EventSearchRow = Pick<EventRow, 'id' | 'title' | 'startAt' | 'location'> & { rank: number };

export class EventsRepository {
  constructor(private readonly db: Database) {}

  /**
   * Visible events and series (not their changed occurrences) whose title or location holds `text`,
   * best match first, then the latest start.
   */
  search(
    userId: number,
    email: string,
    text: string,
    limit: number,
    db: Database = this.db,
  ): Promise<EventSearchRow[]> {
    const title = sql`lower(${events.title})`;
    const ranks = quickSearchRanks(
      {
        table: events,
        id: events.id,
        visible: and(visibleTo(userId, email), isNull(events.seriesId))!,
        names: [title],
        fields: { text: sql`lower(concat_ws(' ', ${events.title}, ${events.location}))` },
      },
      text,
      limit,
    );
    return db
      .select({
        id: events.id,
        title: events.title,
        startAt: events.startAt,
        location: events.location,
        rank: sql<number>`ranks.rank`.mapWith(Number),
      })
      .from(events)
      .innerJoin(sql`(${ranks}) as ranks`, sql`ranks.id = ${events.id}`)
      .orderBy(sql`ranks.rank`, desc(events.startAt), events.id)
      .limit(limit);
  }

  private select(db: Database) {
    return db
      .select({
        event: events,
        ownerEmail: users.email,
        googleLinked: sql<boolean>`exists (select 1 from ${googleCalendarLinks} where ${googleCalendarLinks.eventId} = ${events.id})`,
        readOnlyReason: sql<
          string | null
        >`(select ${googleCalendarLinks.readOnlyReason} from ${googleCalendarLinks}
          where ${googleCalendarLinks.eventId} = ${events.id} and ${googleCalendarLinks.readOnlyReason} is not null limit 1)`,
      })
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
    return rows.map(({ event, ...joined }) => ({ ...event, ...joined }));
  }

  async visible(
    userId: number,
    email: string,
    id: number,
    db: Database = this.db,
  ): Promise<EventWithOwner | undefined> {
    const [row] = await this.select(db).where(and(eq(events.id, id), visibleTo(userId, email)));
    return (
      row && {
        ...row.event,
        ownerEmail: row.ownerEmail,
        googleLinked: row.googleLinked,
        readOnlyReason: row.readOnlyReason,
      }
    );
  }

  /**
   * Every event the user owns, a page at a time (export): up to `batchSize` series or single events in
   * id order, each page with their changed occurrences (which the .ics writes under their series' UID).
   */
  async *owned(userId: number, batchSize = 1000, db: Database = this.db): AsyncGenerator<EventRow[]> {
    let after = 0;
    for (;;) {
      const rows = await db
        .select()
        .from(events)
        .where(and(eq(events.ownerId, userId), isNull(events.seriesId), sql`${events.id} > ${after}`))
        .orderBy(events.id)
        .limit(batchSize);
      if (rows.length === 0) return;
      const changed = await db
        .select()
        .from(events)
        .where(
          and(
            eq(events.ownerId, userId),
            inArray(
              events.seriesId,
              rows.map((row) => row.id),
            ),
          ),
        )
        .orderBy(events.id);
      yield [...rows, ...changed];
      after = rows[rows.length - 1].id;
    }
  }

  /**
   * The original starts of the changed occurrences ("This event") of the given series, to leave out of
   * their expansion. The series are ones `inRange` returned (visible to the caller); an override row
   * always has its series' owner, so both ids are matched.
   */
  async overriddenStarts(
    series: { id: number; ownerId: number }[],
    db: Database = this.db,
  ): Promise<{ seriesId: number; originalStart: Date }[]> {
    if (series.length === 0) return [];
    const rows = await db
      .select({ seriesId: events.seriesId, originalStart: events.originalStart })
      .from(events)
      .where(
        and(
          inArray(
            events.seriesId,
            series.map((row) => row.id),
          ),
          inArray(events.ownerId, [...new Set(series.map((row) => row.ownerId))]),
          isNotNull(events.originalStart),
        ),
      );
    return rows.map((row) => ({ seriesId: row.seriesId!, originalStart: row.originalStart! }));
  }

  /** The override row of one occurrence of a series the user owns. */
  async override(
    ownerId: number,
    seriesId: number,
    originalStart: Date,
    db: Database = this.db,
  ): Promise<EventRow | undefined> {
    const [row] = await db
      .select()
      .from(events)
      .where(
        and(
          eq(events.ownerId, ownerId),
          eq(events.seriesId, seriesId),
          eq(events.originalStart, originalStart),
        ),
      );
    return row;
  }

  /** The override rows of a series the user owns from `from` on (every one without it), in the given order of original start. */
  async overrides(
    ownerId: number,
    seriesId: number,
    options: { from?: Date; latestFirst?: boolean } = {},
    db: Database = this.db,
  ): Promise<EventRow[]> {
    return db
      .select()
      .from(events)
      .where(
        and(
          eq(events.ownerId, ownerId),
          eq(events.seriesId, seriesId),
          options.from ? gte(events.originalStart, options.from) : undefined,
        ),
      )
      .orderBy(options.latestFirst ? desc(events.originalStart) : asc(events.originalStart));
  }

  async byIds(ownerId: number, ids: number[], db: Database = this.db): Promise<EventRow[]> {
    if (ids.length === 0) return [];
    return db
      .select()
      .from(events)
      .where(and(eq(events.ownerId, ownerId), inArray(events.id, ids)));
  }

  /**
   * The owner's series and single events an .ics import names: by their UID, or (no UID stored) by the
   * id in the UID Relate's export wrote for them.
   */
  async byImportUids(ownerId: number, uids: string[], ids: number[], db: Database = this.db) {
    if (uids.length === 0 && ids.length === 0) return [];
    return db
      .select()
      .from(events)
      .where(
        and(
          eq(events.ownerId, ownerId),
          isNull(events.seriesId),
          or(
            uids.length > 0 ? inArray(events.icalUid, uids) : undefined,
            ids.length > 0 ? and(isNull(events.icalUid), inArray(events.id, ids)) : undefined,
          ),
        ),
      );
  }

  /** The owner's events with one of these titles starting at one of these instants (likely duplicates). */
  async byTitleAndStart(
    ownerId: number,
    titles: string[],
    starts: Date[],
    db: Database = this.db,
  ): Promise<EventRow[]> {
    if (titles.length === 0) return [];
    return db
      .select()
      .from(events)
      .where(
        and(eq(events.ownerId, ownerId), inArray(events.title, titles), inArray(events.startAt, starts)),
      );
  }

  /** The owner's events to keep in Google: sync on, repeating or not ended before `since`. */
  async googleSynced(ownerId: number, since: Date, db: Database = this.db): Promise<EventRow[]> {
    return db
      .select()
      .from(events)
      .where(
        and(
          eq(events.ownerId, ownerId),
          eq(events.googleSync, true),
          or(ne(events.repeatPattern, 'none'), gte(events.endAt, since)),
        ),
      )
      .orderBy(events.seriesId, events.id);
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

  /**
   * Takes `email` out of the participants of every event `ownerId` owns (series, their changed
   * occurrences, single events), keeping the others in their order; answers how many events changed.
   */
  removeParticipant(ownerId: number, email: string, db: Database = this.db): Promise<number> {
    return this.withoutParticipant(ownerId, email, undefined, db);
  }

  private async withoutParticipant(
    ownerId: number,
    email: string,
    which: SQL | undefined,
    db: Database,
  ): Promise<number> {
    const address = email.toLowerCase();
    const rows = await db
      .update(events)
      .set({
        participants: sql`coalesce((select jsonb_agg(p.value order by p.ordinality)
          from jsonb_array_elements(${events.participants}) with ordinality p
          where lower(p.value ->> 'email') <> ${address}), '[]'::jsonb)`,
        updatedAt: new Date(),
      })
      .where(
        and(
          eq(events.ownerId, ownerId),
          which,
          sql`exists (select 1 from jsonb_array_elements(${events.participants}) p
            where lower(p ->> 'email') = ${address})`,
        ),
      )
      .returning({ id: events.id });
    return rows.length;
  }

  /**
   * Takes `email` out of the participants of one event and, for a series, of its changed occurrences
   * (`rootId` is the series or single event); answers how many rows changed.
   */
  async removeParticipantFrom(
    ownerId: number,
    rootId: number,
    email: string,
    db: Database = this.db,
  ): Promise<number> {
    return this.withoutParticipant(
      ownerId,
      email,
      or(eq(events.id, rootId), eq(events.seriesId, rootId))!,
      db,
    );
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
