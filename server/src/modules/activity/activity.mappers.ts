import type { TimelineEntry } from '@relate/contracts';
import type { ActivityRow } from './activity.repository';

/** A timeline entry as the caller sees it: `can_edit` for a note of their own. */
export function toTimelineEntryDto(row: ActivityRow, viewerId: number): TimelineEntry {
  return {
    id: row.id,
    type: row.type,
    occurred_at: row.occurredAt.toISOString(),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    actor_name: row.actorName,
    can_edit: row.type === 'note' && row.actorId === viewerId,
    body: row.body,
    interaction_kind: row.interactionKind,
    duration_minutes: row.durationMinutes,
    changes: row.changes ?? [],
    detail: row.detail,
  };
}

/** `occurred_at` and id of an entry, as the next page's cursor. */
export const toCursor = (row: ActivityRow) => `${row.occurredAt.toISOString()}_${row.id}`;

export function fromCursor(cursor: string | undefined) {
  if (!cursor) return undefined;
  const at = cursor.lastIndexOf('_');
  const occurredAt = new Date(cursor.slice(0, at));
  const id = Number(cursor.slice(at + 1));
  if (Number.isNaN(occurredAt.getTime()) || !Number.isSafeInteger(id)) return undefined;
  return { occurredAt, id };
}
