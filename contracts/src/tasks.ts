import { z } from 'zod';
import { isoDateTime, optionalIsoDateTime, storedText, TimestampSchema } from './common';

export const TASK_STATUSES = ['todo', 'in_progress', 'completed', 'cancelled'] as const;
export const TASK_PRIORITIES = ['low', 'medium', 'high'] as const;
export const TaskStatusSchema = z.enum(TASK_STATUSES, {
  error: 'Status must be todo, in_progress, completed or cancelled',
});
export const TaskPrioritySchema = z.enum(TASK_PRIORITIES, { error: 'Priority must be low, medium or high' });
export type TaskStatus = z.infer<typeof TaskStatusSchema>;

/** Task as the client sees it (spec section 3 "Task"). */
export const TaskSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string().nullable(),
  project: z.string(),
  project_id: z.number().int(),
  status: TaskStatusSchema,
  priority: TaskPrioritySchema,
  scheduled_date: TimestampSchema.nullable(),
  due_date: TimestampSchema.nullable(),
  /** The assignee's e-mail. */
  assign_to: z.string().nullable(),
  owner_id: z.number().int(),
  owner_email: z.string(),
  /** True while the scheduled date is in the future. */
  is_scheduled: z.boolean(),
  completed_at: TimestampSchema.nullable(),
  created_at: TimestampSchema,
  updated_at: TimestampSchema,
  /** What the caller may do with it. */
  can_edit: z.boolean(),
  can_change_status: z.boolean(),
});
export type Task = z.infer<typeof TaskSchema>;

export const ProjectNameSchema = storedText({ error: 'Project name is required' })
  .trim()
  .min(1, { error: 'Project name is required' })
  .max(200, { error: 'Project name must be at most 200 characters' });

const taskFields = {
  title: storedText({ error: 'Title is required' })
    .trim()
    .min(1, { error: 'Title is required' })
    .max(500, { error: 'Title must be at most 500 characters' }),
  description: storedText()
    .trim()
    .max(20_000)
    .nullable()
    .transform((value) => value || null)
    .optional(),
  project: ProjectNameSchema,
  status: TaskStatusSchema.optional(),
  priority: TaskPrioritySchema.optional(),
  scheduled_date: optionalIsoDateTime('Scheduled date').optional(),
  due_date: optionalIsoDateTime('Due date').optional(),
  /** An e-mail of a project participant; empty means nobody. */
  assign_to: storedText()
    .trim()
    .toLowerCase()
    .max(254)
    .nullable()
    .transform((value) => value || null)
    .optional(),
};

/** POST /api/tasks. Naming a project the caller cannot see creates it. */
export const CreateTaskBodySchema = z.object(taskFields);
export type CreateTaskBody = z.input<typeof CreateTaskBodySchema>;
export type NewTask = z.output<typeof CreateTaskBodySchema>;

/** PUT /api/tasks/{id}: a full update, or only { status }. */
export const UpdateTaskBodySchema = z.object({
  ...taskFields,
  title: taskFields.title.optional(),
  project: ProjectNameSchema.optional(),
});
export type UpdateTaskBody = z.input<typeof UpdateTaskBodySchema>;
export type TaskChanges = z.output<typeof UpdateTaskBodySchema>;

export const ListTasksQuerySchema = z
  .object({
    project: storedText().trim().max(200).optional(),
    /** One status or several, comma-separated. */
    status: z
      .string()
      .trim()
      .optional()
      .transform((value) => (value ? value.split(',').map((item) => item.trim()) : undefined))
      .pipe(z.array(TaskStatusSchema).optional()),
    /** Tasks scheduled for later are left out unless true (the Tasks tab asks for them and marks them). */
    include_scheduled: z
      .enum(['true', 'false'], { error: 'include_scheduled must be true or false' })
      .optional()
      .transform((value) => value === 'true'),
    /** Only tasks due from this moment (inclusive) … */
    due_from: isoDateTime('due_from').optional(),
    /** … until this one (exclusive): the calendar's window. */
    due_to: isoDateTime('due_to').optional(),
  })
  .refine((query) => !query.due_from || !query.due_to || query.due_from <= query.due_to, {
    path: ['due_to'],
    error: 'due_to must not be before due_from',
  });

export const TasksResponseSchema = z.object({ projects: z.record(z.string(), z.array(TaskSchema)) });
export type TasksResponse = z.infer<typeof TasksResponseSchema>;

export const ProjectSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  owner_id: z.number().int(),
  owner_email: z.string(),
  is_owner: z.boolean(),
  participants: z.array(z.string()),
  created_at: TimestampSchema,
});
export type Project = z.infer<typeof ProjectSchema>;

export const ProjectsResponseSchema = z.object({ projects: z.array(ProjectSchema) });
export const CreateProjectBodySchema = z.object({ name: ProjectNameSchema });
export const ProjectNameParamsSchema = z.object({ name: storedText().min(1).max(200) });

export const ParticipantsResponseSchema = z.object({ participants: z.array(z.string()) });
export const SetParticipantsBodySchema = z.object({
  participants: z.array(storedText().trim().toLowerCase().max(254)).max(500),
});

export const AssignableUserSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  full_name: z.string().nullable(),
});
export const AssignableUsersResponseSchema = z.object({ users: z.array(AssignableUserSchema) });
export type AssignableUser = z.infer<typeof AssignableUserSchema>;

export const OpenTaskCountSchema = z.object({ count: z.number().int() });
