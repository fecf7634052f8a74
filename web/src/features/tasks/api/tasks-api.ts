import type {
  AssignableUser,
  CreateTaskBody,
  Project,
  Task,
  TasksResponse,
  TrashCount,
  Trashed,
  UpdateTaskBody,
} from '@relate/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { fetchJson } from '@/lib/api-client';
import { useAppMutation } from '@/lib/query';
import { taskKeys } from './keys';

/** Task and event counts refresh every 5 minutes (spec section 9). */
const COUNT_REFRESH_MS = 300_000;

/**
 * The Tasks tab shows tasks scheduled for later too (marked as scheduled): left out, a task the user
 * just created would vanish until its date. The API keeps leaving them out by default.
 */
export const tasksQuery = () =>
  queryOptions({
    queryKey: taskKeys.list(),
    queryFn: ({ signal }) =>
      fetchJson<TasksResponse>('/tasks', { query: { include_scheduled: true }, signal }),
    select: (response) => response.projects,
  });

export const useTasks = () => useQuery(tasksQuery());

/** The tasks due in [from, to), scheduled ones too, in one list (the calendar shows them on their day). */
export const useTasksDue = (range: { from: Date; to: Date } | null) =>
  useQuery({
    queryKey: taskKeys.due(range?.from.toISOString() ?? '', range?.to.toISOString() ?? ''),
    queryFn: ({ signal }) =>
      fetchJson<TasksResponse>('/tasks', {
        query: {
          include_scheduled: true,
          due_from: range?.from.toISOString(),
          due_to: range?.to.toISOString(),
        },
        signal,
      }),
    select: (response) => Object.values(response.projects).flat(),
    enabled: range !== null,
    placeholderData: keepPreviousData,
  });

export const projectsQuery = () =>
  queryOptions({
    queryKey: taskKeys.projects(),
    queryFn: ({ signal }) => fetchJson<{ projects: Project[] }>('/projects', { signal }),
    select: (response) => response.projects,
  });

export const useProjects = () => useQuery(projectsQuery());

/** A project's participants; without a project, the caller and their approved group members. */
export const useAssignableUsers = (project: string | null) =>
  useQuery({
    queryKey: taskKeys.assignable(project),
    queryFn: ({ signal }) =>
      fetchJson<{ users: AssignableUser[] }>('/tasks/assignable-users', { query: { project }, signal }),
    select: (response) => response.users,
  });

export const useOpenTaskCount = () =>
  useQuery({
    queryKey: taskKeys.openCount(),
    queryFn: ({ signal }) => fetchJson<{ count: number }>('/tasks/open-count', { signal }),
    select: (response) => response.count,
    refetchInterval: COUNT_REFRESH_MS,
  });

export interface SaveTaskVariables {
  /** Null for a new task. */
  id: number | null;
  body: CreateTaskBody;
  /** The project's participants with the assignee added, when the assignee has to join it first. */
  participants: string[] | null;
}

/**
 * Creates or updates a task. An assignee who is not yet a participant of the caller's project joins it
 * first (the server assigns participants only), so assigning needs no detour through Manage Participants.
 */
async function saveTask({ id, body, participants }: SaveTaskVariables): Promise<Task> {
  if (participants)
    await fetchJson(`/projects/${encodeURIComponent(body.project)}/participants`, {
      method: 'POST',
      body: { participants },
    });
  return id === null
    ? fetchJson<Task>('/tasks', { method: 'POST', body })
    : fetchJson<Task>(`/tasks/${id}`, { method: 'PUT', body });
}

export const useSaveTask = () => useAppMutation({ mutationFn: saveTask, invalidates: [taskKeys.all] });

export const useUpdateTask = () =>
  useAppMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateTaskBody }) =>
      fetchJson<Task>(`/tasks/${id}`, { method: 'PUT', body }),
    invalidates: [taskKeys.all],
  });

export const useDeleteTask = () =>
  useAppMutation({
    mutationFn: (id: number) => fetchJson<Trashed>(`/tasks/${id}`, { method: 'DELETE' }),
    invalidates: [taskKeys.all],
  });

/** Undo of a delete: the task its trash_batch moved to the Trash comes back. */
export const useRestoreDeletedTask = () =>
  useAppMutation({
    mutationFn: (batch: string) =>
      fetchJson<TrashCount>('/trash/restore', { method: 'POST', body: { batch } }),
    invalidates: [taskKeys.all],
  });

export const useCreateProject = () =>
  useAppMutation({
    mutationFn: (name: string) => fetchJson<Project>('/projects', { method: 'POST', body: { name } }),
    invalidates: [taskKeys.all],
  });

export const useSaveParticipants = () =>
  useAppMutation({
    mutationFn: ({ project, participants }: { project: string; participants: string[] }) =>
      fetchJson(`/projects/${encodeURIComponent(project)}/participants`, {
        method: 'POST',
        body: { participants },
      }),
    invalidates: [taskKeys.all],
  });
