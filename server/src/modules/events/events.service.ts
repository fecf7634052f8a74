import type { CalendarEvent, CreateEventBodySchema, UpdateEventBodySchema } from '@relate/contracts';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { fieldError, forbidden, notFound } from '../../lib/errors';
import { toIso } from '../../lib/time';
import type { NotificationsService } from '../notifications/notifications.service';
import type { UserRow } from '../users/users.repository';
import type { UsersService } from '../users/users.service';
import type { EventRow, EventsRepository, EventValues, EventWithOwner } from './events.repository';
import { occurrencesBetween } from './recurrence';
import { allDayBounds } from './time-zone';

type CreateBody = z.output<typeof CreateEventBodySchema>;
type UpdateBody = z.output<typeof UpdateEventBodySchema>;

/** About 13 months: longer ranges are refused (the expansion stays bounded). */
export const MAX_RANGE_DAYS = 400;
const DAY = 86_400_000;

export class EventsService {
  constructor(
    private readonly db: Database,
    private readonly repository: EventsRepository,
    private readonly users: UsersService,
    private readonly notifications: NotificationsService,
  ) {}

  /** Every occurrence the user owns or takes part in within [from, to), recurring series expanded. */
  async inRange(user: UserRow, from: Date, to: Date): Promise<CalendarEvent[]> {
    if (to <= from) throw fieldError('end_date', 'end_date must be after start_date');
    if (to.getTime() - from.getTime() > MAX_RANGE_DAYS * DAY)
      throw fieldError('end_date', `Ask for at most ${MAX_RANGE_DAYS} days at a time`);
    const rows = await this.repository.inRange(user.id, user.email, from, to);
    return rows
      .flatMap((row) =>
        occurrencesBetween(row, from, to).map((occurrence) =>
          this.toEvent(user, row, occurrence.start, occurrence.end),
        ),
      )
      .sort((a, b) => a.start_datetime.localeCompare(b.start_datetime) || a.id - b.id);
  }

  upcoming(user: UserRow, now: Date, days: number) {
    return this.inRange(user, now, new Date(now.getTime() + days * DAY));
  }

  async get(user: UserRow, id: number): Promise<CalendarEvent> {
    const row = await this.repository.visible(user.id, user.email, id);
    if (!row) throw notFound('Event');
    return this.toEvent(user, row);
  }

  async create(user: UserRow, body: CreateBody): Promise<CalendarEvent> {
    const id = await this.db.transaction(async (tx) => {
      const values = toValues(body) as EventValues;
      if (values.allDay) Object.assign(values, allDayBounds(values.startAt, values.endAt));
      const eventId = await this.repository.insert(user.id, values, tx);
      await this.notifyParticipants(user, eventId, body.title, values.participants ?? [], [], tx);
      return eventId;
    });
    return this.get(user, id);
  }

  /** Only the owner changes an event (the whole series); a participant gets 403, anyone else 404. */
  async update(user: UserRow, id: number, body: UpdateBody): Promise<CalendarEvent> {
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
      if (Object.keys(values).length > 0) await this.repository.update(id, values, tx);
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

  async delete(user: UserRow, id: number): Promise<void> {
    await this.ownedOrThrow(user, id);
    await this.repository.delete(id);
  }

  owned(user: UserRow): Promise<EventRow[]> {
    return this.repository.owned(user.id);
  }

  /** Stores imported events in one transaction. */
  async importMany(user: UserRow, rows: EventValues[]): Promise<void> {
    await this.db.transaction(async (tx) => {
      for (const values of rows) await this.repository.insert(user.id, values, tx);
    });
  }

  private async ownedOrThrow(user: UserRow, id: number, db: Database = this.db): Promise<EventWithOwner> {
    const row = await this.repository.visible(user.id, user.email, id, db);
    if (!row) throw notFound('Event');
    if (row.ownerId !== user.id) throw forbidden('Only the owner can change this event');
    return row;
  }

  /** Participants who are users, newly added and not the owner, get an event_assigned notification. */
  private async notifyParticipants(
    owner: UserRow,
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

  toEvent(user: UserRow, row: EventWithOwner, start = row.startAt, end = row.endAt): CalendarEvent {
    return {
      id: row.id,
      title: row.title,
      description: row.description,
      start_datetime: start.toISOString(),
      end_datetime: end.toISOString(),
      all_day: row.allDay,
      timezone: row.timezone,
      location: row.location,
      event_type: row.eventType,
      project: row.project,
      participants: row.participants,
      alert_minutes: row.alertMinutes,
      repeat_pattern: row.repeatPattern,
      repeat_interval: row.repeatInterval,
      repeat_days: row.repeatDays,
      repeat_end_date: toIso(row.repeatEndDate),
      notes: row.notes,
      google_sync: row.googleSync,
      owner_id: row.ownerId,
      owner_email: row.ownerEmail,
      is_owner: row.ownerId === user.id,
      series_start: row.startAt.toISOString(),
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
    };
  }
}

/** The columns of the fields present in a validated body. */
function toValues(body: Partial<CreateBody>): Partial<EventValues> {
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
