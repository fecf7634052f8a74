import { Readable } from 'node:stream';
import type {
  CalendarEvent,
  DeleteEventQuery,
  EventChanges,
  EventImportResult,
  NewEvent,
  SearchResult,
} from '@relate/contracts';
import type { Database } from '../../db/client';
import type { AuthUser } from '../../lib/auth-user';
import { AppError, conflict, fieldError, forbidden, notFound } from '../../lib/errors';
import {
  endBefore,
  followedWeek,
  isOccurrence,
  nthWeekdayStart,
  type Occurrence,
  occurrencesBetween,
  shiftedWeekdays,
  shiftWallClock,
  wallClockShift,
  weekFitsStart,
  weekOfStart,
} from '../../lib/recurrence';
import { allDayBounds } from '../../lib/time-zone';
import type { WorkerPool } from '../../lib/workers/pool';
import type { GroupsService } from '../groups/groups.service';
import type { NotificationsService } from '../notifications/notifications.service';
import type { UsersService } from '../users/users.service';
import { toEventDto, toEventSearchResult } from './events.mappers';
import type { EventRow, EventsRepository, EventValues, EventWithOwner } from './events.repository';
import type { eventsTasks } from './events.tasks';
import { hostOf, joinCalendars, MAX_ICS_EVENTS } from './ics';
import { writeIcsImport } from './ics-import';

export type { EventRow, EventValues } from './events.repository';

/** About 13 months: longer ranges are refused (the expansion stays bounded). */
export const MAX_RANGE_DAYS = 400;
/** Occurrences one calendar request may expand to (a year of 50 daily series). */
const MAX_OCCURRENCES = 20_000;
const DAY = 86_400_000;
/** Events an import writes per statement (all in one transaction). */

/** Runs inside the transaction that deletes an event of `userId`. */
type EventDeletedListener = (userId: number, eventId: number, tx: Database) => Promise<void>;
/** Runs inside the transaction that created or changed events of `userId`. */
type EventsChangedListener = (userId: number, tx: Database) => Promise<void>;

export class EventsService {
  private readonly deletedListeners: EventDeletedListener[] = [];
  private readonly changedListeners: EventsChangedListener[] = [];

  constructor(
    private readonly db: Database,
    private readonly repository: EventsRepository,
    private readonly users: UsersService,
    private readonly notifications: NotificationsService,
    private readonly groups: GroupsService,
    private readonly workers: WorkerPool<typeof eventsTasks>,
  ) {}

  /** Every occurrence the user owns or takes part in within [from, to), recurring series expanded. */
  async inRange(user: AuthUser, from: Date, to: Date): Promise<CalendarEvent[]> {
    if (to <= from) throw fieldError('end_date', 'end_date must be after start_date');
    if (to.getTime() - from.getTime() > MAX_RANGE_DAYS * DAY)
      throw fieldError('end_date', `Ask for at most ${MAX_RANGE_DAYS} days at a time`);
    const rows = await this.repository.inRange(user.id, user.email, from, to);
    // A series leaves out its deleted occurrences and those changed on their own, which are rows of
    // their own (listed like any event when they fall in the range, wherever they were moved).
    const skipped = new Map<number, Set<number>>();
    for (const row of rows)
      if (row.repeatPattern !== 'none')
        skipped.set(row.id, new Set(row.excludedStarts.map((start) => start.getTime())));
    const series = rows.filter((row) => row.repeatPattern !== 'none');
    for (const { seriesId, originalStart } of await this.repository.overriddenStarts(series))
      skipped.get(seriesId)?.add(originalStart.getTime());
    // Stops at the first series past the limit: the work stays bounded however many series there are.
    const occurrences: { row: EventWithOwner; occurrence: Occurrence }[] = [];
    for (const row of rows) {
      for (const occurrence of occurrencesBetween(row, from, to))
        if (!skipped.get(row.id)?.has(occurrence.start.getTime())) occurrences.push({ row, occurrence });
      if (occurrences.length > MAX_OCCURRENCES)
        throw fieldError('end_date', 'This range holds too many events; ask for a shorter range');
    }
    return occurrences
      .map(({ row, occurrence }) => toEventDto(row, user.id, occurrence.start, occurrence.end))
      .sort((a, b) => a.start_datetime.localeCompare(b.start_datetime) || a.id - b.id);
  }

  upcoming(user: AuthUser, now: Date, days: number) {
    return this.inRange(user, now, new Date(now.getTime() + days * DAY));
  }

  /** The quick search's events (Cmd+K): the ones the calendar shows the user. */
  async search(user: AuthUser, text: string, limit: number): Promise<SearchResult[]> {
    return (await this.repository.search(user.id, user.email, text, limit)).map(toEventSearchResult);
  }

  async get(user: AuthUser, id: number): Promise<CalendarEvent> {
    const row = await this.repository.visible(user.id, user.email, id);
    if (!row) throw notFound('Event');
    return toEventDto(row, user.id);
  }

  async create(user: AuthUser, body: NewEvent): Promise<CalendarEvent> {
    const id = await this.db.transaction(async (tx) => {
      const values = toValues(body) as EventValues;
      if (values.allDay) Object.assign(values, allDayBounds(values.startAt, values.endAt));
      assertRepeatWeek({
        repeatPattern: 'none',
        repeatWeek: null,
        allDay: false,
        timezone: 'UTC',
        ...values,
      });
      await this.assertParticipantsInGroup(user, values.participants ?? [], tx);
      const eventId = await this.repository.insert(user.id, values, tx);
      await this.notifyParticipants(user, eventId, body.title, values.participants ?? [], [], tx);
      await this.changed(user.id, tx);
      return eventId;
    });
    return this.get(user, id);
  }

  /**
   * Only the owner changes an event; a participant gets 403, anyone else 404. On a repeating event,
   * `scope` picks the occurrences (docs/decisions/0024): `this` stores the occurrence as an override
   * row, `following` splits the series there, `all` (or none) changes the series. An override row is
   * edited on its own unless `following`/`all` asks for its series.
   */
  async update(user: AuthUser, id: number, body: EventChanges): Promise<CalendarEvent> {
    const { scope, occurrence_start: occurrenceStart, ...fields } = body;
    const resultId = await this.db.transaction(async (tx) => {
      const changedId = await this.updateInTransaction(user, id, scope, occurrenceStart, fields, tx);
      await this.changed(user.id, tx);
      return changedId;
    });
    return this.get(user, resultId);
  }

  private async updateInTransaction(
    user: AuthUser,
    id: number,
    scope: EventChanges['scope'],
    occurrenceStart: EventChanges['occurrence_start'],
    fields: Omit<EventChanges, 'scope' | 'occurrence_start'>,
    tx: Database,
  ): Promise<number> {
    const row = await this.ownedOrThrow(user, id, tx);
    const values = toValues(fields);
    if (row.seriesId !== null && row.originalStart) {
      if (!scope || scope === 'this') return this.updateRow(user, row, withoutRepeat(values), tx);
      // Its series changes from its original start (times only by as much as they changed now); the
      // occurrence itself takes the changes as sent.
      const series = await this.ownedOrThrow(user, row.seriesId, tx);
      const seriesValues = fromOverrideTimes(series, row, values);
      const changedId =
        scope === 'all'
          ? await this.updateSeries(user, series, seriesValues, row.originalStart, tx)
          : await this.updateFollowing(user, series, row.originalStart, seriesValues, tx);
      const current = (await this.repository.visible(user.id, user.email, row.id, tx))!;
      await this.updateRow(
        user,
        current,
        withoutRepeat(values),
        tx,
        values.participants ?? current.participants,
      );
      return changedId;
    }
    if (row.repeatPattern === 'none' || !scope || scope === 'all')
      return row.repeatPattern === 'none'
        ? this.updateRow(user, row, values, tx)
        : this.updateSeries(user, row, values, occurrenceStart ? new Date(occurrenceStart) : null, tx);
    const occurrence = await this.occurrenceOf(user, row, new Date(occurrenceStart!), tx);
    return scope === 'this'
      ? this.updateOccurrence(user, row, occurrence, values, tx)
      : this.updateFollowing(user, row, occurrence, values, tx);
  }

  /**
   * Deletes an event; on a repeating one `scope` picks the occurrences: `this` excludes the one
   * occurrence (dropping its override row), `following` ends the series before it, `all` (or none)
   * deletes the series with its overrides. Deleting an override row excludes its occurrence.
   */
  async delete(user: AuthUser, id: number, query: DeleteEventQuery = {}): Promise<void> {
    const { scope, occurrence_start: occurrenceStart } = query;
    await this.db.transaction(async (tx) => {
      const row = await this.ownedOrThrow(user, id, tx);
      let series: EventWithOwner = row;
      let occurrence: Date;
      if (row.seriesId !== null && row.originalStart) {
        series = await this.ownedOrThrow(user, row.seriesId, tx);
        occurrence = row.originalStart;
        if (scope === 'all') return this.deleteRow(user, series.id, tx);
      } else {
        if (row.repeatPattern === 'none' || !scope || scope === 'all')
          return this.deleteRow(user, row.id, tx);
        occurrence = await this.occurrenceOf(user, row, new Date(occurrenceStart!), tx);
      }
      if (scope === 'following') {
        if (occurrence <= series.startAt) return this.deleteRow(user, series.id, tx);
        for (const override of await this.repository.overrides(user.id, series.id, { from: occurrence }, tx))
          await this.deleteRow(user, override.id, tx);
        await this.repository.update(
          user.id,
          series.id,
          {
            repeatEndDate: endBefore(series, occurrence),
            excludedStarts: series.excludedStarts.filter((start) => start < occurrence),
          },
          tx,
        );
        return;
      }
      const override = await this.repository.override(user.id, series.id, occurrence, tx);
      if (override) await this.deleteRow(user, override.id, tx);
      if (!series.excludedStarts.some((start) => start.getTime() === occurrence.getTime()))
        await this.repository.update(
          user.id,
          series.id,
          {
            excludedStarts: [...series.excludedStarts, occurrence].sort((a, b) => a.getTime() - b.getTime()),
          },
          tx,
        );
    });
  }

  /**
   * The caller stops taking part in an event: their e-mail leaves its participants (a series' and its
   * changed occurrences'), so it leaves their calendar. The owner deletes instead; an event the caller
   * does not see is 404.
   */
  async leave(user: AuthUser, id: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      const row = await this.repository.visible(user.id, user.email, id, tx);
      if (!row) throw notFound('Event');
      if (row.ownerId === user.id) throw conflict('You organise this event: delete it instead of leaving it');
      await this.repository.removeParticipantFrom(row.ownerId, row.seriesId ?? row.id, user.email, tx);
      await this.changed(row.ownerId, tx);
    });
  }

  private async deleteRow(user: AuthUser, id: number, tx: Database) {
    if (!(await this.repository.delete(user.id, id, tx))) throw notFound('Event');
    for (const listener of this.deletedListeners) await listener(user.id, id, tx);
  }

  /**
   * Two people stopped being in each other's group: each leaves the other's events, as they leave each
   * other's projects (decision 26). Runs in the removal's transaction.
   */
  async groupMembershipEnded(first: number, second: number, tx: Database): Promise<void> {
    const accounts = new Map(
      (await this.users.findByIds([first, second], tx)).map((user) => [user.id, user]),
    );
    for (const [ownerId, leaving] of [
      [first, second],
      [second, first],
    ]) {
      const email = accounts.get(leaving)?.email;
      if (email && (await this.repository.removeParticipant(ownerId, email, tx)) > 0)
        await this.changed(ownerId, tx);
    }
  }

  /** Called in the transaction that created or changed a user's events (the Google Calendar sync pushes them). */
  onChanged(listener: EventsChangedListener): void {
    this.changedListeners.push(listener);
  }

  private async changed(userId: number, tx: Database) {
    for (const listener of this.changedListeners) await listener(userId, tx);
  }

  /** Called after an event is deleted, in its transaction (the Google Calendar sync deletes it there too). */
  onDeleted(listener: EventDeletedListener): void {
    this.deletedListeners.push(listener);
  }

  // ---- rows for the Google Calendar sync (it validates and maps them itself) ----

  syncRows(userId: number, ids: number[], db: Database = this.db) {
    return this.repository.byIds(userId, ids, db);
  }

  syncRowsByTitleAndStart(userId: number, pairs: { title: string; start: Date }[], db: Database = this.db) {
    return this.repository.byTitleAndStart(
      userId,
      pairs.map((pair) => pair.title),
      pairs.map((pair) => pair.start),
      db,
    );
  }

  /** The row of one changed occurrence of a series (its override), if Relate has one. */
  syncOverrideRow(userId: number, seriesId: number, originalStart: Date, db: Database = this.db) {
    return this.repository.override(userId, seriesId, originalStart, db);
  }

  googleSyncedRows(userId: number, since: Date, db: Database = this.db) {
    return this.repository.googleSynced(userId, since, db);
  }

  insertSyncRow(userId: number, values: EventValues, db: Database = this.db) {
    return this.repository.insert(userId, values, db);
  }

  updateSyncRow(userId: number, id: number, values: Partial<EventValues>, db: Database = this.db) {
    return this.repository.update(userId, id, values, db);
  }

  deleteSyncRow(userId: number, id: number, db: Database = this.db) {
    return this.repository.delete(userId, id, db);
  }

  /** The e-mails among `emails` of accounts in the owner's group (approved members), lower-cased. */
  async groupUserEmails(ownerId: number, emails: string[], db: Database = this.db): Promise<Set<string>> {
    if (emails.length === 0) return new Set();
    const accounts = await this.users.findByEmails(
      emails.map((email) => email.toLowerCase()),
      db,
    );
    if (accounts.length === 0) return new Set();
    const allowed = new Set(await this.groups.approvedMemberIds(ownerId, db));
    return new Set(
      accounts
        .filter((account) => allowed.has(account.id) && account.id !== ownerId)
        .map((account) => account.email.toLowerCase()),
    );
  }

  /**
   * The occurrence of `series` that starts at `start`, checked: a series occurrence not deleted. One
   * that has an override row is still named by its original start.
   */
  private async occurrenceOf(
    user: AuthUser,
    series: EventWithOwner,
    start: Date,
    tx: Database,
  ): Promise<Date> {
    if (!isOccurrence(series, start)) {
      throw fieldError(
        'occurrence_start',
        `"${series.title}" has no occurrence starting at ${start.toISOString()}`,
      );
    }
    if (series.excludedStarts.some((excluded) => excluded.getTime() === start.getTime())) {
      if (!(await this.repository.override(user.id, series.id, start, tx))) throw notFound('Occurrence');
    }
    return start;
  }

  /** Validates and stores the changes of one row (a single event, an override row, or a series). */
  private async updateRow(
    user: AuthUser,
    current: EventRow,
    values: Partial<EventValues>,
    tx: Database,
    before: { email: string }[] = current.participants,
  ): Promise<number> {
    const allDay = values.allDay ?? current.allDay;
    if (allDay && (values.startAt || values.endAt || values.allDay !== undefined))
      Object.assign(values, allDayBounds(values.startAt ?? current.startAt, values.endAt ?? current.endAt));
    const start = values.startAt ?? current.startAt;
    const end = values.endAt ?? current.endAt;
    if (end < start) throw fieldError('end_datetime', 'The event cannot end before it starts');
    const repeatEnd = values.repeatEndDate === undefined ? current.repeatEndDate : values.repeatEndDate;
    if (repeatEnd && repeatEnd.toISOString().slice(0, 10) < start.toISOString().slice(0, 10))
      throw fieldError('repeat_end_date', 'The repeat cannot end before the event starts');
    const { repeatWeek, repeatPattern, startAt, timezone, allDay: allDayChanged } = values;
    if ([repeatWeek, repeatPattern, startAt, timezone, allDayChanged].some((value) => value !== undefined))
      assertRepeatWeek({ ...current, ...values });
    if (values.participants) await this.assertParticipantsInGroup(user, values.participants, tx);
    if (Object.keys(values).length > 0 && !(await this.repository.update(user.id, current.id, values, tx)))
      throw notFound('Event');
    if (values.participants)
      await this.notifyParticipants(
        user,
        current.id,
        values.title ?? current.title,
        values.participants,
        before,
        tx,
      );
    return current.id;
  }

  /**
   * "This event": the occurrence's override row, created from the series the first time. Start and
   * end are the occurrence's new times.
   */
  private async updateOccurrence(
    user: AuthUser,
    series: EventWithOwner,
    occurrence: Date,
    values: Partial<EventValues>,
    tx: Database,
  ): Promise<number> {
    const changes = withoutRepeat(values);
    const existing = await this.repository.override(user.id, series.id, occurrence, tx);
    if (existing) return this.updateRow(user, existing, changes, tx);
    const duration = series.endAt.getTime() - series.startAt.getTime();
    const draft: EventRow = {
      ...series,
      startAt: occurrence,
      endAt: new Date(occurrence.getTime() + duration),
      ...singleEvent,
      seriesId: series.id,
      originalStart: occurrence,
    };
    const id = await this.repository.insert(user.id, rowValues(draft), tx);
    return this.updateRow(user, { ...draft, id }, changes, tx, series.participants);
  }

  /**
   * "All events": the series changes. With `occurrence`, the start/end sent are that occurrence's new
   * times and the series moves by as much on its wall clock; whenever the series' start moves, its
   * exclusions and overrides move with it so they still name their occurrences. Fields changed from
   * the series' values are carried to its overrides, which keep their own times.
   */
  private async updateSeries(
    user: AuthUser,
    series: EventWithOwner,
    values: Partial<EventValues>,
    occurrence: Date | null,
    tx: Database,
  ): Promise<number> {
    if (occurrence && values.startAt) {
      const shift = wallClockShift(series, occurrence, values.startAt);
      const duration =
        (
          values.endAt ??
          new Date(values.startAt.getTime() + series.endAt.getTime() - series.startAt.getTime())
        ).getTime() - values.startAt.getTime();
      values.startAt = onMovedWeek(series, values) ?? shiftWallClock(series, series.startAt, shift);
      values.endAt = new Date(values.startAt.getTime() + duration);
    }
    keepWeek(series, values, occurrence !== null);
    const shift = values.startAt ? wallClockShift(series, series.startAt, values.startAt) : 0;
    if (shift !== 0)
      values.excludedStarts = series.excludedStarts.map((start) => shiftWallClock(series, start, shift));
    if (values.startAt) keepWeekdays(series, series.startAt, values);
    const carried = changedFields(series, values);
    await this.updateRow(user, series, values, tx);
    // Latest first when moving later (earliest first when earlier): no two overrides share a start on the way.
    for (const override of await this.repository.overrides(
      user.id,
      series.id,
      { latestFirst: shift > 0 },
      tx,
    )) {
      const changes: Partial<EventValues> = { ...carried };
      if (shift !== 0) changes.originalStart = shiftWallClock(series, override.originalStart!, shift);
      // Participants carried from the series were notified once, for the series.
      if (Object.keys(changes).length > 0)
        await this.updateRow(user, override, changes, tx, changes.participants ?? override.participants);
    }
    return series.id;
  }

  /**
   * "This and following events": the series ends the day before `occurrence` and a new series starts
   * there with the changes; the later exclusions and overrides move to it (by as much as its start moved).
   */
  private async updateFollowing(
    user: AuthUser,
    series: EventWithOwner,
    occurrence: Date,
    values: Partial<EventValues>,
    tx: Database,
  ): Promise<number> {
    if (occurrence <= series.startAt) return this.updateSeries(user, series, values, occurrence, tx);
    const duration = series.endAt.getTime() - series.startAt.getTime();
    const draft: EventRow = {
      ...series,
      startAt: occurrence,
      endAt: new Date(occurrence.getTime() + duration),
      icalUid: null,
      excludedStarts: [],
    };
    const id = await this.repository.insert(user.id, rowValues(draft), tx);
    const split = { ...draft, id };
    if (values.startAt) keepWeekdays(series, occurrence, values);
    keepWeek(series, values, false);
    await this.updateRow(user, split, values, tx, series.participants);
    const moved = (await this.repository.visible(user.id, user.email, id, tx))!;
    const shift = wallClockShift(series, occurrence, moved.startAt);
    await this.repository.update(
      user.id,
      id,
      {
        excludedStarts: series.excludedStarts
          .filter((start) => start >= occurrence)
          .map((start) => shiftWallClock(moved, start, shift)),
      },
      tx,
    );
    for (const override of await this.repository.overrides(user.id, series.id, { from: occurrence }, tx))
      await this.repository.update(
        user.id,
        override.id,
        { seriesId: id, originalStart: shiftWallClock(moved, override.originalStart!, shift) },
        tx,
      );
    await this.repository.update(
      user.id,
      series.id,
      {
        repeatEndDate: endBefore(series, occurrence),
        excludedStarts: series.excludedStarts.filter((start) => start < occurrence),
      },
      tx,
    );
    return id;
  }

  /** Every event the user owns as an iCalendar file; `publicUrl` names the events' UIDs. */
  exportIcs(user: AuthUser, publicUrl: string): Readable {
    const pages = this.repository.owned(user.id);
    const workers = this.workers;
    // A page of 1,000 events at a time: read, written as text on a worker thread, sent, and let go
    // (one string of 40,000 events took 31 s of the main thread and 1.5 GB).
    return Readable.from(
      joinCalendars(
        (async function* () {
          for await (const rows of pages) yield workers.run('calendarIcs', rows, publicUrl);
        })(),
      ),
      { objectMode: false },
    );
  }

  /** Stores the events of an iCalendar file; what could not be imported is listed. */
  async importIcs(user: AuthUser, content: string, publicUrl: string): Promise<EventImportResult> {
    if (!content.includes('BEGIN:VCALENDAR'))
      throw fieldError('file', 'Invalid file: not an iCalendar (.ics) file');
    const count = countEvents(content);
    if (count > MAX_ICS_EVENTS)
      throw new AppError(
        413,
        'PAYLOAD_TOO_LARGE',
        `The file holds ${count.toLocaleString('en-US')} events; import at most ${MAX_ICS_EVENTS.toLocaleString('en-US')} at a time`,
        [{ field: 'file', message: `At most ${MAX_ICS_EVENTS.toLocaleString('en-US')} events per file` }],
      );
    // Parsing 5,000 events takes seconds of CPU: on a worker thread, not on the one serving everyone.
    const { rows, result } = await this.workers.run('parseIcs', content);
    // One transaction: the events appear at its commit, all at once, and a failure or a crash rolls it
    // back. Inserts rather than a COPY: an override needs its series' id, and the ids are generated
    // always (a COPY cannot be given them); an import holds at most MAX_ICS_EVENTS.
    const written = await this.db.transaction(async (tx) => {
      const counts = await writeIcsImport(this.repository, user.id, rows, hostOf(publicUrl), tx);
      if (rows.length > 0) await this.changed(user.id, tx);
      return counts;
    });
    return { ...result, imported: written.inserted, updated: written.updated };
  }

  private async ownedOrThrow(user: AuthUser, id: number, db: Database = this.db): Promise<EventWithOwner> {
    const row = await this.repository.visible(user.id, user.email, id, db);
    if (!row) throw notFound('Event');
    if (row.ownerId !== user.id) throw forbidden('Only the owner can change this event');
    // A Google series Relate cannot represent (docs/decisions/0023): a change here would never reach Google
    // and Google's next change would overwrite it.
    if (row.readOnlyReason)
      throw new AppError(
        409,
        'EVENT_READ_ONLY',
        `This event can only be changed in Google Calendar: ${row.readOnlyReason}`,
      );
    return row;
  }

  /**
   * A participant with a Relate account sees the event in their calendar, so it must be an approved
   * member of the owner's group, as for tasks and sharing; e-mails without an account are plain guests.
   */
  private async assertParticipantsInGroup(owner: AuthUser, participants: { email: string }[], tx: Database) {
    const outsiders = await this.participantsOutsideGroup(owner, participants, tx);
    if (outsiders.length > 0)
      throw fieldError(
        'participants',
        `${outsiders.join(', ')} ${outsiders.length === 1 ? 'is' : 'are'} not in your group`,
      );
  }

  /** The e-mails among `participants` that belong to an account outside the owner's group. */
  async participantsOutsideGroup(owner: AuthUser, participants: { email: string }[], db: Database = this.db) {
    const emails = participants.map((participant) => participant.email.toLowerCase());
    if (emails.length === 0) return [];
    const accounts = await this.users.findByEmails(emails, db);
    if (accounts.length === 0) return [];
    const allowed = new Set([owner.id, ...(await this.groups.approvedMemberIds(owner.id, db))]);
    return accounts
      .filter((account) => !allowed.has(account.id))
      .map((account) => account.email.toLowerCase());
  }

  /** Participants who are users, newly added and not the owner, get an event_assigned notification. */
  private async notifyParticipants(
    owner: AuthUser,
    eventId: number,
    title: string,
    participants: { email: string }[],
    before: { email: string }[],
    tx: Database,
  ) {
    const known = new Set(before.map((participant) => participant.email.toLowerCase()));
    const added = participants
      .map((participant) => participant.email.toLowerCase())
      .filter((email) => !known.has(email) && email !== owner.email.toLowerCase());
    if (added.length === 0) return;
    const accounts = await this.users.findByEmails(added, tx);
    await this.notifications.notifyMany(
      accounts.map((account) => ({
        userId: account.id,
        type: 'event_assigned' as const,
        text: `${owner.fullName || owner.email} added you to the event "${title}"`,
        subject: { type: 'event' as const, id: eventId },
      })),
      tx,
    );
  }
}

/** An occurrence changed on its own is a single event: it cannot repeat. */
const singleEvent = {
  repeatPattern: 'none',
  repeatInterval: 1,
  repeatDays: [],
  repeatWeek: null,
  repeatEndDate: null,
  icalUid: null,
  excludedStarts: [],
} satisfies Partial<EventValues>;

function withoutRepeat(values: Partial<EventValues>): Partial<EventValues> {
  const { repeatPattern, repeatInterval, repeatDays, repeatWeek, repeatEndDate, ...rest } = values;
  return rest;
}

/**
 * The series' side of a change made on an override row: the times sent are the override's, so the
 * series moves only by as much as they moved now, from the override's original start.
 */
function fromOverrideTimes(
  series: EventRow,
  row: EventRow,
  values: Partial<EventValues>,
): Partial<EventValues> {
  const { startAt, endAt, ...rest } = values;
  const unchanged =
    (!startAt || startAt.getTime() === row.startAt.getTime()) &&
    (!endAt || endAt.getTime() === row.endAt.getTime());
  if (unchanged || !row.originalStart) return rest;
  const from = startAt ?? row.startAt;
  const start = shiftWallClock(series, row.originalStart, wallClockShift(series, row.startAt, from));
  const duration = (endAt ?? row.endAt).getTime() - from.getTime();
  return { ...rest, startAt: start, endAt: new Date(start.getTime() + duration) };
}

/**
 * A weekly series whose start moves to another weekday moves its weekdays with it, unless the change
 * sets other weekdays itself: "every Monday" moved to a Tuesday is "every Tuesday", as in Google Calendar.
 */
function keepWeekdays(series: EventRow, from: Date, values: Partial<EventValues>) {
  if ((values.repeatPattern ?? series.repeatPattern) !== 'weekly' || !values.startAt) return;
  const same = (a: number[], b: number[]) =>
    a.length === b.length && a.every((day, index) => day === b[index]);
  if (values.repeatDays && !same(values.repeatDays, series.repeatDays)) return;
  values.repeatDays = shiftedWeekdays(series, from, values.startAt);
}

/**
 * A monthly series on the nth weekday whose start moves keeps to its start ("the second Tuesday" moved to
 * Wednesday the 16th is "the third Wednesday"; "the last" stays the last while the start is in its month's
 * last week). A week sent with the series' own new start is checked as sent; one sent with an
 * occurrence's times (`shifted`: the series moved by as much) is the kind of week to keep.
 */
function keepWeek(series: EventRow, values: Partial<EventValues>, shifted: boolean) {
  if (!values.startAt || (values.repeatWeek !== undefined && !shifted)) return;
  const week = values.repeatWeek === undefined ? series.repeatWeek : values.repeatWeek;
  const zone = { allDay: values.allDay ?? series.allDay, timezone: values.timezone ?? series.timezone };
  if ((values.repeatPattern ?? series.repeatPattern) !== 'monthly' || !week) return;
  if (!weekFitsStart(zone, week, values.startAt))
    values.repeatWeek = followedWeek(zone, week, values.startAt);
}

/**
 * A monthly nth-weekday series one of whose occurrences moved to `values.startAt` for all of them: its
 * start on that week (as sent, else the series' kind of week at the new date: "the last" or the nth)
 * and weekday in its first month, at the new time; "the last Friday" moved to the fourth Friday of a
 * month is "the fourth Friday" from the series' first month on. Null for any other series (the series
 * then moves by as much as the occurrence did), or when its first month lacks that day.
 */
function onMovedWeek(series: EventRow, values: Partial<EventValues>): Date | null {
  if (!values.startAt || (values.repeatPattern ?? series.repeatPattern) !== 'monthly') return null;
  const zone = { allDay: values.allDay ?? series.allDay, timezone: values.timezone ?? series.timezone };
  const week =
    values.repeatWeek !== undefined
      ? values.repeatWeek
      : series.repeatWeek && followedWeek(zone, series.repeatWeek, values.startAt);
  if (!week) return null;
  // The week sent is the moved occurrence's.
  assertRepeatWeek({ ...series, ...values, startAt: values.startAt, repeatWeek: week });
  const start = nthWeekdayStart(zone, series.startAt, values.startAt, week);
  if (start) values.repeatWeek = week;
  return start;
}

const ORDINALS = ['', 'first', 'second', 'third', 'fourth', 'fifth'];
const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** A repeat week (the nth weekday) belongs to a monthly series, and to the week its start is in. */
function assertRepeatWeek(
  row: Pick<EventValues, 'repeatPattern' | 'repeatWeek' | 'startAt' | 'allDay' | 'timezone'>,
) {
  if (row.repeatWeek === null || row.repeatWeek === undefined) return;
  if (row.repeatPattern !== 'monthly')
    throw fieldError('repeat_week', 'Repeat week applies only to a monthly repeat (repeat_pattern monthly)');
  const zone = { allDay: row.allDay ?? false, timezone: row.timezone ?? 'UTC' };
  if (weekFitsStart(zone, row.repeatWeek, row.startAt)) return;
  const { nth, last, weekday } = weekOfStart(zone, row.startAt);
  const day = `the ${ORDINALS[nth]}${last ? ' and last' : ''} ${WEEKDAY_NAMES[weekday]}`;
  throw fieldError(
    'repeat_week',
    `The event starts on ${day} of its month: repeat week must be ${nth}${last ? ' or -1' : ''}`,
  );
}

/** The insertable columns of a row (a copy of a series for an override or a split). */
function rowValues(row: EventRow): EventValues {
  const { id, ownerId, createdAt, updatedAt, ...values } = row as EventRow & { ownerEmail?: string };
  delete (values as { ownerEmail?: string }).ownerEmail;
  return values;
}

/** Fields an "all events" change sets to a new value, other than times and repeat: carried to overrides. */
const CARRIED = [
  'title',
  'description',
  'location',
  'eventType',
  'project',
  'participants',
  'alertMinutes',
  'notes',
  'googleSync',
] as const satisfies (keyof EventValues)[];

function changedFields(series: EventRow, values: Partial<EventValues>): Partial<EventValues> {
  const changed: Partial<EventValues> = {};
  for (const key of CARRIED)
    if (values[key] !== undefined && JSON.stringify(values[key]) !== JSON.stringify(series[key]))
      Object.assign(changed, { [key]: values[key] });
  return changed;
}

/** The columns of the fields present in a validated body. */
function toValues(body: Partial<NewEvent>): Partial<EventValues> {
  const values: Partial<EventValues> = {};
  if (body.title !== undefined) values.title = body.title;
  if (body.description !== undefined) values.description = body.description;
  if (body.start_datetime !== undefined) values.startAt = new Date(body.start_datetime);
  if (body.end_datetime !== undefined) values.endAt = new Date(body.end_datetime);
  if (body.all_day !== undefined) values.allDay = body.all_day;
  if (body.timezone !== undefined) values.timezone = body.timezone;
  if (body.location !== undefined) values.location = body.location;
  if (body.event_type !== undefined) values.eventType = body.event_type;
  if (body.project !== undefined) values.project = body.project;
  if (body.participants !== undefined) {
    const seen = new Set<string>();
    values.participants = body.participants.filter(
      (participant) => !seen.has(participant.email) && seen.add(participant.email),
    );
  }
  if (body.alert_minutes !== undefined) values.alertMinutes = body.alert_minutes;
  if (body.repeat_pattern !== undefined) values.repeatPattern = body.repeat_pattern;
  if (body.repeat_interval !== undefined) values.repeatInterval = body.repeat_interval;
  if (body.repeat_days !== undefined) values.repeatDays = [...new Set(body.repeat_days)].sort();
  if (body.repeat_week !== undefined) values.repeatWeek = body.repeat_week;
  // Only a monthly series repeats on the nth weekday (one sent with another repeat is refused).
  else if (body.repeat_pattern !== undefined && body.repeat_pattern !== 'monthly') values.repeatWeek = null;
  if (body.repeat_end_date !== undefined)
    values.repeatEndDate = body.repeat_end_date ? new Date(body.repeat_end_date) : null;
  if (body.notes !== undefined) values.notes = body.notes;
  if (body.google_sync !== undefined) values.googleSync = body.google_sync;
  return values;
}

/** How many VEVENTs a calendar text holds, counted without parsing it. */
function countEvents(content: string): number {
  let count = 0;
  const pattern = /^BEGIN:VEVENT\r?$/gim;
  while (pattern.exec(content)) count++;
  return count;
}
