import type { Task } from '@relate/contracts';

export const isOpen = (task: Pick<Task, 'status'>) =>
  task.status !== 'completed' && task.status !== 'cancelled';

export interface TaskViewOptions {
  myTasks: boolean;
  showDone: boolean;
  email: string;
  userId: number;
}

/** A task the user owns or is assigned ("My Tasks"). */
export const isMine = (task: Pick<Task, 'owner_id' | 'assign_to'>, user: { id: number; email: string }) =>
  task.owner_id === user.id || task.assign_to?.toLowerCase() === user.email.toLowerCase();

/**
 * The spec's Tasks view (section 4): by default only todo and in_progress, and projects left empty
 * are hidden; Show Done shows every status and every project; My Tasks keeps what the user owns or is
 * assigned.
 */
export function visibleProjects(
  projects: Record<string, Task[]>,
  options: TaskViewOptions,
): [string, Task[]][] {
  return Object.entries(projects)
    .map(([name, tasks]): [string, Task[]] => [
      name,
      tasks.filter(
        (task) =>
          (options.showDone || isOpen(task)) &&
          (!options.myTasks || isMine(task, { id: options.userId, email: options.email })),
      ),
    ])
    .filter(([, tasks]) => options.showDone || tasks.length > 0)
    .sort(([a], [b]) => a.localeCompare(b, undefined, { sensitivity: 'base' }));
}

export const isOverdue = (task: Pick<Task, 'status' | 'due_date'>, now = new Date()) =>
  isOpen(task) && task.due_date !== null && new Date(task.due_date) < now;
