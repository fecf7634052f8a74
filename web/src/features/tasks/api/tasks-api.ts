import type {
  AssignableUser,
  CreateTaskBody,
  Project,
  Task,
  TasksResponse,
  UpdateTaskBody,
} from '@relate/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchJson } from '@/lib/api-client';

/** Task and event counts refresh every 5 minutes (spec section 9). */
const COUNT_REFRESH_MS = 300_000;

/**
 * The Tasks tab shows tasks scheduled for later too (marked as scheduled): left out, a task the user
 * just created would vanish until its date. The API keeps leaving them out by default.
 */
export const tasksQuery = () =>
  queryOptions({
    queryKey: ['tasks', 'list'],
    queryFn: ({ signal }) =>
      fetchJson<TasksResponse>('/tasks', { query: { include_scheduled: true }, signal }),
    select: (response) => response.projects,
  });

export const useTasks = () => useQuery(tasksQuery());

export const projectsQuery = () =>
  queryOptions({
    queryKey: ['tasks', 'projects'],
    queryFn: ({ signal }) => fetchJson<{ projects: Project[] }>('/projects', { signal }),
    select: (response) => response.projects,
  });

export const useProjects = () => useQuery(projectsQuery());

export const useAssignableUsers = (project: string | null) =>
  useQuery({
    queryKey: ['tasks', 'assignable', project ?? ''],
    queryFn: ({ signal }) =>
      fetchJson<{ users: AssignableUser[] }>('/tasks/assignable-users', { query: { project }, signal }),
    select: (response) => response.users,
  });

export const useOpenTaskCount = () =>
  useQuery({
    queryKey: ['tasks', 'open-count'],
    queryFn: ({ signal }) => fetchJson<{ count: number }>('/tasks/open-count', { signal }),
    select: (response) => response.count,
    refetchInterval: COUNT_REFRESH_MS,
  });

function useTasksMutation<TVariables, TResult>(mutationFn: (variables: TVariables) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => queryClient.invalidateQueries({ queryKey: ['tasks'] }) });
}

export const useCreateTask = () =>
  useTasksMutation((body: CreateTaskBody) => fetchJson<Task>('/tasks', { method: 'POST', body }));

export const useUpdateTask = () =>
  useTasksMutation(({ id, body }: { id: number; body: UpdateTaskBody }) =>
    fetchJson<Task>(`/tasks/${id}`, { method: 'PUT', body }),
  );

export const useDeleteTask = () =>
  useTasksMutation((id: number) => fetchJson(`/tasks/${id}`, { method: 'DELETE' }));

export const useCreateProject = () =>
  useTasksMutation((name: string) => fetchJson<Project>('/projects', { method: 'POST', body: { name } }));

export const useSaveParticipants = () =>
  useTasksMutation(({ project, participants }: { project: string; participants: string[] }) =>
    fetchJson(`/projects/${encodeURIComponent(project)}/participants`, {
      method: 'POST',
      body: { participants },
    }),
  );
