import { zodResolver } from '@hookform/resolvers/zod';
import { TASK_PRIORITIES, TASK_STATUSES, type Task } from '@relate/contracts';
import { UserPlusIcon } from 'lucide-react';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { SelectField, TextareaField, TextField } from '@/components/form-fields';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Form } from '@/components/ui/form';
import { toast } from '@/lib/toast';
import { useAssignableUsers, useProjects, useSaveTask } from '../api/tasks-api';
import { assigneeChoices, projectNamed, TaskFormSchema, taskFormValues } from '../task-form';
import { PRIORITY_LABEL, STATUS_LABEL } from '../task-labels';
import { ProjectField } from './project-field';

const STATUS_OPTIONS = TASK_STATUSES.map((status) => ({ value: status, label: STATUS_LABEL[status] }));
const PRIORITY_OPTIONS = TASK_PRIORITIES.map((priority) => ({
  value: priority,
  label: PRIORITY_LABEL[priority],
}));

interface TaskDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  task: Task | null;
  defaultProject?: string;
  /** After a save: the saved task, and whether it was created. */
  onSaved?: (task: Task, created: boolean) => void;
}

/** 'Add New Task' / 'Edit Task' with every field (spec section 2 "Tasks tab"). */
export function TaskDialog({ open, onOpenChange, task, defaultProject, onSaved }: TaskDialogProps) {
  const projects = useProjects();
  const saveTask = useSaveTask();
  const form = useForm({ resolver: zodResolver(TaskFormSchema), defaultValues: taskFormValues(null) });
  const { control } = form;
  const project = form.watch('project');
  const assignTo = form.watch('assign_to');
  const projectNames = [...new Set((projects.data ?? []).map((item) => item.name))];
  if (project && !projectNames.includes(project)) projectNames.push(project);
  // A typed new project has no participants to assign yet: the server creates it with the task.
  const current = projectNamed(projects.data ?? [], project);
  const participants = useAssignableUsers(current?.name ?? null);
  const groupMembers = useAssignableUsers(null);
  const choices = current
    ? assigneeChoices(participants.data ?? [], groupMembers.data ?? [], current?.is_owner ?? false)
    : [];
  const chosen = choices.find((choice) => choice.email.toLowerCase() === assignTo.toLowerCase());

  useEffect(() => {
    if (!open) return;
    form.reset(taskFormValues(task, defaultProject));
  }, [open, task, defaultProject, form]);

  // With a single project there is nothing to choose: a new task goes there.
  const onlyProject = projectNames.length === 1 ? projectNames[0] : null;
  useEffect(() => {
    if (open && !task && onlyProject && !form.getValues('project')) form.setValue('project', onlyProject);
  }, [open, task, onlyProject, form]);

  const chooseProject = (name: string) => {
    form.setValue('project', name, { shouldValidate: form.formState.isSubmitted });
    form.setValue('assign_to', '');
  };

  const submit = form.handleSubmit((body) => {
    const joining = chosen?.joinsProject && current ? [...current.participants, chosen.email] : null;
    saveTask.mutate(
      { id: task?.id ?? null, body, participants: joining },
      {
        onSuccess: (saved) => {
          toast.success(task ? 'Task updated successfully' : 'Task created successfully', {
            description: joining ? `${chosen?.label} now takes part in ${body.project}.` : undefined,
          });
          onSaved?.(saved, task === null);
          onOpenChange(false);
        },
        onError: (error) =>
          toast.error(task ? 'Failed to update task' : 'Failed to create task', {
            description: error.message,
          }),
      },
    );
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="flex max-w-2xl flex-col gap-0 overflow-hidden p-0">
        <DialogHeader className="border-b px-6 pt-6 pb-4">
          <DialogTitle>{task ? 'Edit Task' : 'Add New Task'}</DialogTitle>
          <DialogDescription>Tasks belong to a project; its participants can be assigned.</DialogDescription>
        </DialogHeader>
        <Form {...form}>
          <form onSubmit={submit} className="flex min-h-0 flex-1 flex-col" noValidate>
            <div className="grid min-h-0 flex-1 gap-4 overflow-y-auto px-6 py-4">
              <TextField control={control} name="title" label="Title" />
              <TextareaField control={control} name="description" label="Description" rows={3} />
              <ProjectField names={projectNames} onChoose={chooseProject} />
              <div className="grid gap-4 sm:grid-cols-2">
                <SelectField control={control} name="status" label="Status" options={STATUS_OPTIONS} />
                <SelectField control={control} name="priority" label="Priority" options={PRIORITY_OPTIONS} />
                <TextField
                  control={control}
                  name="scheduled_date"
                  label="Scheduled date"
                  type="datetime-local"
                />
                <TextField control={control} name="due_date" label="Due date" type="datetime-local" />
              </div>
              <SelectField
                control={control}
                name="assign_to"
                label="Assign to"
                emptyOption="Nobody"
                disabled={!current}
                options={choices.map((choice) => ({
                  value: choice.email,
                  label: (
                    <>
                      {choice.label}
                      {choice.joinsProject && (
                        <span className="text-muted-foreground"> · joins the project</span>
                      )}
                    </>
                  ),
                }))}
                description="Assign this specific task to a user. They must be a project participant."
              >
                {chosen?.joinsProject && (
                  <p
                    className="flex items-start gap-1.5 rounded-md bg-primary/5 px-2.5 py-2 text-xs text-foreground"
                    data-testid="assignee-joins-note"
                  >
                    <UserPlusIcon className="mt-px size-3.5 shrink-0 text-primary" />
                    {chosen.label} is not a participant of {project} yet and will be added when you save.
                  </p>
                )}
              </SelectField>
            </div>
            <DialogFooter className="flex-row justify-end border-t bg-card px-6 py-3">
              <Button variant="outline" onClick={() => onOpenChange(false)}>
                Cancel
              </Button>
              <Button type="submit" disabled={saveTask.isPending}>
                {task ? 'Save Changes' : 'Create Task'}
              </Button>
            </DialogFooter>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
