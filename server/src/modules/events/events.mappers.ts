import type { CalendarEvent, SearchResult } from '@relate/contracts';
import { toIso } from '../../lib/time';
import type { EventSearchRow, EventWithOwner } from './events.repository';

/** One occurrence of an event (by default its first) as the viewer sees it. */
export function toEventDto(
  row: EventWithOwner,
  viewerId: number,
  start = row.startAt,
  end = row.endAt,
): CalendarEvent {
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
    repeat_week: row.repeatWeek,
    repeat_end_date: toIso(row.repeatEndDate),
    notes: row.notes,
    google_sync: row.googleSync,
    owner_id: row.ownerId,
    owner_email: row.ownerEmail,
    is_owner: row.ownerId === viewerId,
    series_start: row.startAt.toISOString(),
    series_id: row.seriesId,
    original_start: toIso(row.originalStart),
    google_linked: row.googleLinked ?? false,
    read_only_reason: row.readOnlyReason ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export const toEventSearchResult = (row: EventSearchRow): SearchResult => ({
  type: 'event',
  id: row.id,
  title: row.title,
  detail: row.location,
  date: row.startAt.toISOString(),
  rank: row.rank,
});
