import { Readable } from 'node:stream';
import type { CalendarEvent, EventChanges, EventImportResult, NewEvent } from '@relate/contracts';
import type { Database } from '../../db/client';
import { AppError, fieldError, forbidden, notFound } from '../../lib/errors';
import { nextTurn } from '../../lib/next-turn';
import type { WorkerPool } from '../../lib/workers/pool';
import type { GroupsService } from '../groups/groups.service';
import type { NotificationsService } from '../notifications/notifications.service';
import type { AuthUser } from '../users/users.mappers';
import type { UsersService } from '../users/users.service';
import { toEventDto } from './events.mappers';
import type { EventsRepository, EventValues, EventWithOwner } from './events.repository';
import { joinCalendars, MAX_ICS_EVENTS } from './ics';
import { occurrencesBetween } from './recurrence';
import { allDayBounds } from './time-zone';

/** About 13 months: longer ranges are refused (the expansion stays bounded). */
export const MAX_RANGE_DAYS = 400;
/** Occurrences one calendar request may expand to (a year of 50 daily series). */
const MAX_OCCURRENCES = 20_000;
const DAY = 86_400_000;
/** Events an import writes per transaction. */
const IMPORT_BATCH = 100;

export class EventsService {
  constructor(
    private readonly db: Database,
    private readonly repository: EventsRepository,
    private readonly users: UsersService,
    private readonly notifications: NotificationsService,
    private readonly groups: GroupsService,
    private readonly workers: WorkerPool,
  ) {}

  /** Every occurrence the user owns or takes part in within [from, to), recurring series expanded. */
  async inRange(user: AuthUser, from: Date, to: Date): Promise<CalendarEvent[]> {
    if (to <= from) throw fieldError('end_date', 'end_date must be after start_date');
    if (to.getTime() - from.getTime() > MAX_RANGE_DAYS * DAY)
      throw fieldError('end_date', `Ask for at most ${MAX_RANGE_DAYS} days at a time`);
    const rows = await this.repository.inRange(user.id, user.email, from, to);
    const occurrences = rows.flatMap((row) =>
      occurrencesBetween(row, from, to).map((occurrence) => ({ row, occurrence })),
    );
    if (occurrences.length > MAX_OCCURRENCES)
      throw fieldError('end_date', 'This range holds too many events; ask for a shorter range');
    return occurrences
      .map(({ row, occurrence }) => toEventDto(row, user.id, occurrence.start, occurrence.end))
      .sort((a, b) => a.start_datetime.localeCompare(b.start_datetime) || a.id - b.id);
  }

  upcoming(user: AuthUser, now: Date, days: number) {
    return this.inRange(user, now, new Date(now.getTime() + days * DAY));
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
      await this.assertParticipantsInGroup(user, values.participants ?? [], tx);
      const eventId = await this.repository.insert(user.id, values, tx);
      await this.notifyParticipants(user, eventId, body.title, values.participants ?? [], [], tx);
      return eventId;
    });
    return this.get(user, id);
  }

  /** Only the owner changes an event (the whole series); a participant gets 403, anyone else 404. */
  async update(user: AuthUser, id: number, body: EventChanges): Promise<CalendarEvent> {
    await this.db.transaction(async (tx) => {
      const current = await this.ownedOrThrow(user, id, tx);
      const values = toValues(body);
      const allDay = values.allDay ?? current.allDay;
      if (allDay && (values.startAt || values.endAt || values.allDay !== undefined))
        Object.assign(values, allDayBounds(values.startAt ?? current.startAt, values.endAt ?? current.endAt));
      const start = values.startAt ?? current.startAt;
      const end = values.endAt ?? current.endAt;
      if (end < start) throw fieldError('end_datetime', 'The event cannot end before it starts');
      const repeatEnd = values.repeatEndDate === undefined ? current.repeatEndDate : values.repeatEndDate;
      if (repeatEnd && repeatEnd.toISOString().slice(0, 10) < start.toISOString().slice(0, 10))
        throw fieldError('repeat_end_date', 'The repeat cannot end before the event starts');
      if (values.participants) await this.assertParticipantsInGroup(user, values.participants, tx);
      if (Object.keys(values).length > 0 && !(await this.repository.update(user.id, id, values, tx)))
        throw notFound('Event');
      if (values.participants)
        await this.notifyParticipants(
          user,
          id,
          values.title ?? current.title,
          values.participants,
          current.participants,
          tx,
        );
    });
    return this.get(user, id);
  }

  async delete(user: AuthUser, id: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      await this.ownedOrThrow(user, id, tx);
      if (!(await this.repository.delete(user.id, id, tx))) throw notFound('Event');
    });
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
  async importIcs(user: AuthUser, content: string): Promise<EventImportResult> {
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
    // In transactions of 100 rows (30-60 ms each here): one-row inserts of 5,000 events took 25 s,
    // and even one transaction of batched inserts held PGlite's only connection, shared by every user,
    // for over a second. If a batch fails, the batches already written are deleted again.
    const written: number[] = [];
    try {
      for (let start = 0; start < rows.length; start += IMPORT_BATCH) {
        await nextTurn();
        written.push(
          ...(await this.db.transaction((tx) =>
            this.repository.insertMany(user.id, rows.slice(start, start + IMPORT_BATCH), tx),
          )),
        );
      }
    } catch (error) {
      await this.repository.deleteMany(user.id, written);
      throw error;
    }
    return result;
  }

  private async ownedOrThrow(user: AuthUser, id: number, db: Database = this.db): Promise<EventWithOwner> {
    const row = await this.repository.visible(user.id, user.email, id, db);
    if (!row) throw notFound('Event');
    if (row.ownerId !== user.id) throw forbidden('Only the owner can change this event');
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
