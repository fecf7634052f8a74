import type { Project, SearchResult, Task } from '@relate/contracts';
import { toIso } from '../../lib/time';
import type { ProjectRow, ProjectSearchRow, TaskSearchRow, TaskWithNames } from './tasks.repository';

/** What the viewer may do with a task: decided by the service's rules. */
export interface TaskAccess {
  canEdit: boolean;
  canChangeStatus: boolean;
}

export function toTaskDto(row: TaskWithNames, access: TaskAccess, now: Date): Task {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    project: row.projectName,
    project_id: row.projectId,
    status: row.status,
    priority: row.priority,
    scheduled_date: toIso(row.scheduledDate),
    due_date: toIso(row.dueDate),
    assign_to: row.assigneeEmail,
    owner_id: row.ownerId,
    owner_email: row.ownerEmail,
    is_scheduled: row.scheduledDate !== null && row.scheduledDate > now,
    completed_at: toIso(row.completedAt),
    created_at: toIso(row.createdAt)!,
    updated_at: toIso(row.updatedAt)!,
    can_edit: access.canEdit,
    can_change_status: access.canChangeStatus,
  };
}

export function toProjectDto(
  row: ProjectRow & { ownerEmail: string },
  viewerId: number,
  participants: string[],
): Project {
  return {
    id: row.id,
    name: row.name,
    owner_id: row.ownerId,
    owner_email: row.ownerEmail,
    is_owner: row.ownerId === viewerId,
    participants,
    created_at: toIso(row.createdAt)!,
  };
}

const STATUS_NOTES: Partial<Record<Task['status'], string>> = {
  completed: 'Completed',
  cancelled: 'Cancelled',
};

/** A task found by the quick search: its project, and whether it is done, as its second line. */
export function toTaskSearchResult(row: TaskSearchRow): SearchResult {
  const detail = [row.projectName, STATUS_NOTES[row.status]].filter(Boolean).join(' · ');
  return { type: 'task', id: row.id, title: row.title, detail, date: toIso(row.dueDate), rank: row.rank };
}

export const toProjectSearchResult = (row: ProjectSearchRow): SearchResult => ({
  type: 'project',
  id: row.id,
  title: row.name,
  detail: null,
  date: null,
  rank: row.rank,
});
