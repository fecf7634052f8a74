import type { Project, Task } from '@relate/contracts';
import { toIso } from '../../lib/time';
import type { ProjectRow, TaskWithNames } from './tasks.repository';

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
