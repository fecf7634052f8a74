import {
  type AssignableUser,
  type CreateTaskBody,
  CreateTaskBodySchema,
  type Project,
  type Task,
} from '@relate/contracts';
import { format, isValid, parseISO } from 'date-fns';
import { z } from 'zod';

/** The task dialog's values: inputs as strings, under the contract's field names. */
export interface TaskFormValues {
  title: string;
  description: string;
  project: string;
  status: Task['status'];
  priority: Task['priority'];
  /** yyyy-MM-ddTHH:mm in local time, or empty. */
  scheduled_date: string;
  due_date: string;
  /** The assignee's e-mail, or empty for nobody. */
  assign_to: string;
}

const toLocal = (iso: string | null) => (iso ? format(parseISO(iso), "yyyy-MM-dd'T'HH:mm") : '');

/** A local date-time input as an instant; a partial input stays as it is, for the contract to reject. */
function toIso(local: string): string | null {
  if (!local) return null;
  const date = new Date(local);
  return isValid(date) ? date.toISOString() : local;
}

export function taskFormValues(task: Task | null, project = ''): TaskFormValues {
  return {
    title: task?.title ?? '',
    description: task?.description ?? '',
    project: task?.project ?? project,
    status: task?.status ?? 'todo',
    priority: task?.priority ?? 'medium',
    scheduled_date: toLocal(task?.scheduled_date ?? null),
    due_date: toLocal(task?.due_date ?? null),
    assign_to: task?.assign_to ?? '',
  };
}

export function toTaskBody(values: TaskFormValues): CreateTaskBody {
  return {
    title: values.title,
    description: values.description.trim() || null,
    project: values.project,
    status: values.status,
    priority: values.priority,
    scheduled_date: toIso(values.scheduled_date),
    due_date: toIso(values.due_date),
    assign_to: values.assign_to || null,
  };
}

/** The form's resolver schema: its values become the request body, which the contract then checks. */
export const TaskFormSchema = z.custom<TaskFormValues>().transform(toTaskBody).pipe(CreateTaskBodySchema);

export interface AssigneeChoice {
  email: string;
  label: string;
  /** Not a participant yet: saving adds them to the project first. */
  joinsProject: boolean;
}

const labelOf = (user: AssignableUser) => (user.full_name ? `${user.full_name} (${user.email})` : user.email);

/**
 * Who the dialog offers as assignee: the project's participants, and — in a project the caller owns —
 * the caller's approved group members too, who join the project when the task is saved.
 */
export function assigneeChoices(
  participants: AssignableUser[],
  groupMembers: AssignableUser[],
  ownsProject: boolean,
): AssigneeChoice[] {
  const taken = new Set(participants.map((user) => user.email.toLowerCase()));
  const joining = ownsProject ? groupMembers.filter((user) => !taken.has(user.email.toLowerCase())) : [];
  return [
    ...participants.map((user) => ({ email: user.email, label: labelOf(user), joinsProject: false })),
    ...joining.map((user) => ({ email: user.email, label: labelOf(user), joinsProject: true })),
  ];
}

/** The project the dialog's name stands for: the caller's own where two share a name, as the server picks. */
export function projectNamed(projects: Project[], name: string): Project | undefined {
  return (
    projects.find((item) => item.name === name && item.is_owner) ??
    projects.find((item) => item.name === name)
  );
}
