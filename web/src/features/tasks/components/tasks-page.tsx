import { TASK_STATUSES, type Task, type TaskStatus } from '@relate/contracts';
import { format, parseISO } from 'date-fns';
import {
  CalendarClockIcon,
  CalendarIcon,
  CheckCircle2Icon,
  ChevronDownIcon,
  ChevronRightIcon,
  CircleIcon,
  ClipboardListIcon,
  PencilIcon,
  PlusIcon,
  Trash2Icon,
  UsersIcon,
} from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { EmptyState } from '@/components/empty-state';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { useAuth } from '@/features/auth/auth-provider';
import { cn } from '@/lib/utils';
import { useDeleteTask, useTasks, useUpdateTask } from '../api/tasks-api';
import { isOverdue, visibleProjects } from '../task-view';
import { ParticipantsDialog } from './participants-dialog';
import { TaskDialog } from './task-dialog';

const STATUS_LABEL: Record<Task['status'], string> = {
  todo: 'To do',
  in_progress: 'In progress',
  completed: 'Completed',
  cancelled: 'Cancelled',
};
const STATUS_VARIANT = {
  todo: 'secondary',
  in_progress: 'default',
  completed: 'success',
  cancelled: 'outline',
} as const;
const PRIORITY_VARIANT = { low: 'secondary', medium: 'warning', high: 'destructive' } as const;

function TaskRow({
  task,
  onEdit,
  onDelete,
}: {
  task: Task;
  onEdit: (task: Task) => void;
  onDelete: (task: Task) => void;
}) {
  const update = useUpdateTask();
  const overdue = isOverdue(task);
  // mutateAsync, not mutate's callbacks: the row leaves the list (and unmounts) once the task is done.
  const setStatus = async (status: TaskStatus) => {
    if (status === task.status) return;
    try {
      await update.mutateAsync({ id: task.id, body: { status } });
      toast.success(`Task marked as ${status}`);
    } catch (error) {
      toast.error('Failed to update task', { description: (error as Error).message });
    }
  };
  const toggle = () => setStatus(task.status === 'completed' ? 'todo' : 'completed');
  return (
    <li data-testid="task-row" className="flex items-start gap-3 px-4 py-3">
      {task.status !== 'completed' && task.can_change_status ? (
        <Button
          variant="ghost"
          size="icon"
          className="mt-0.5 size-7 shrink-0 rounded-full text-muted-foreground hover:text-success"
          onClick={toggle}
          disabled={update.isPending}
          aria-label={`Mark ${task.title} as completed`}
        >
          <CircleIcon />
        </Button>
      ) : (
        <span className="mt-0.5 flex size-7 shrink-0 items-center justify-center">
          {task.status === 'completed' ? (
            <CheckCircle2Icon className="size-4 text-success" />
          ) : (
            <CircleIcon className="size-4 text-muted-foreground/50" />
          )}
        </span>
      )}
      <div className="grid min-w-0 flex-1 gap-1">
        <span
          className={cn('font-medium', task.status === 'completed' && 'text-muted-foreground line-through')}
        >
          {task.title}
        </span>
        {task.description && (
          <span className="line-clamp-2 text-sm text-muted-foreground">{task.description}</span>
        )}
        <div className="flex flex-wrap items-center gap-1.5 text-xs">
          {task.can_change_status ? (
            // The assignee may change the status without being able to edit the task.
            <DropdownMenu>
              <DropdownMenuTrigger
                className="rounded-full outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-50"
                disabled={update.isPending}
                aria-label={`Change status of ${task.title}`}
              >
                <Badge variant={STATUS_VARIANT[task.status]} className="cursor-pointer">
                  {STATUS_LABEL[task.status]}
                  <ChevronDownIcon className="size-3" />
                </Badge>
              </DropdownMenuTrigger>
              <DropdownMenuContent align="start">
                <DropdownMenuLabel className="text-muted-foreground">Set status</DropdownMenuLabel>
                <DropdownMenuSeparator />
                {TASK_STATUSES.map((status) => (
                  <DropdownMenuCheckboxItem
                    key={status}
                    checked={status === task.status}
                    onSelect={() => void setStatus(status)}
                  >
                    {STATUS_LABEL[status]}
                  </DropdownMenuCheckboxItem>
                ))}
              </DropdownMenuContent>
            </DropdownMenu>
          ) : (
            <Badge variant={STATUS_VARIANT[task.status]}>{STATUS_LABEL[task.status]}</Badge>
          )}
          <Badge variant={PRIORITY_VARIANT[task.priority]}>{task.priority}</Badge>
          {task.is_scheduled && task.scheduled_date && (
            <Badge variant="outline" data-testid="scheduled-badge" title="Scheduled to start later">
              <CalendarIcon className="size-3" />
              Scheduled {format(parseISO(task.scheduled_date), 'MMM d, HH:mm')}
            </Badge>
          )}
          {task.due_date && (
            <span
              className={cn(
                'inline-flex items-center gap-1',
                overdue ? 'font-medium text-destructive' : 'text-muted-foreground',
              )}
            >
              <CalendarClockIcon className="size-3.5" />
              {overdue ? 'Overdue · ' : 'Due '}
              {format(parseISO(task.due_date), 'MMM d, HH:mm')}
            </span>
          )}
          {task.assign_to && <span className="text-muted-foreground">→ {task.assign_to}</span>}
        </div>
      </div>
      {task.can_edit && (
        <div className="flex shrink-0 gap-1">
          <Button variant="ghost" size="icon" className="size-8" onClick={() => onEdit(task)}>
            <PencilIcon />
            <span className="sr-only">Edit {task.title}</span>
          </Button>
          <Button
            variant="ghost"
            size="icon"
            className="size-8 text-destructive"
            onClick={() => onDelete(task)}
          >
            <Trash2Icon />
            <span className="sr-only">Delete {task.title}</span>
          </Button>
        </div>
      )}
    </li>
  );
}

export function TasksPage() {
  const { user } = useAuth();
  const tasks = useTasks();
  const deleteTask = useDeleteTask();
  const [searchParams] = useSearchParams();
  const [myTasks, setMyTasks] = useState(false);
  const [showDone, setShowDone] = useState(false);
  const [expanded, setExpanded] = useState<Set<string>>(new Set());
  const [dialog, setDialog] = useState<{ task: Task | null; project?: string } | null>(null);
  const [participantsOf, setParticipantsOf] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<Task | null>(null);

  useEffect(() => {
    if (tasks.isError) toast.error('Failed to fetch tasks');
  }, [tasks.isError]);

  const sections = useMemo(
    () =>
      visibleProjects(tasks.data ?? {}, {
        myTasks,
        showDone,
        email: user?.email ?? '',
        userId: user?.id ?? 0,
      }),
    [tasks.data, myTasks, showDone, user],
  );

  // A notification's link (?task=ID) opens its project.
  const linked = Number(searchParams.get('task')) || null;
  useEffect(() => {
    if (!linked || !tasks.data) return;
    const project = Object.entries(tasks.data).find(([, list]) =>
      list.some((task) => task.id === linked),
    )?.[0];
    if (project) setExpanded((now) => new Set(now).add(project));
  }, [linked, tasks.data]);

  const allCollapsed = sections.every(([name]) => !expanded.has(name));
  const toggleAll = () => setExpanded(allCollapsed ? new Set(sections.map(([name]) => name)) : new Set());
  const toggle = (name: string) =>
    setExpanded((now) => {
      const next = new Set(now);
      if (next.has(name)) next.delete(name);
      else next.add(name);
      return next;
    });

  return (
    <div className="grid gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">Tasks</h1>
          <p className="text-sm text-muted-foreground">Projects and the work in them.</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => setMyTasks(!myTasks)} aria-pressed={myTasks}>
            {myTasks ? 'My Tasks' : 'All Tasks'}
          </Button>
          <Button variant="outline" onClick={() => setShowDone(!showDone)} aria-pressed={showDone}>
            {showDone ? 'Show Done' : 'Show Active'}
          </Button>
          <Button variant="outline" onClick={toggleAll} disabled={sections.length === 0}>
            {allCollapsed ? 'Expand All' : 'Collapse All'}
          </Button>
          <Button onClick={() => setDialog({ task: null })}>
            <PlusIcon />
            Add Task
          </Button>
        </div>
      </div>

      {tasks.isPending ? (
        <p className="py-10 text-center text-sm text-muted-foreground">Loading tasks...</p>
      ) : sections.length === 0 && Object.values(tasks.data ?? {}).some((list) => list.length > 0) ? (
        <EmptyState
          icon={CheckCircle2Icon}
          title={myTasks ? 'Nothing on your plate' : 'All caught up'}
          description="No open tasks here. Show Done to see completed and cancelled ones."
        />
      ) : sections.length === 0 ? (
        <EmptyState
          icon={ClipboardListIcon}
          title="No tasks yet"
          description="Create your first task to get started"
          action={
            <Button onClick={() => setDialog({ task: null })}>
              <PlusIcon />
              Add Task
            </Button>
          }
        />
      ) : (
        <div className="grid gap-3">
          {sections.map(([name, list]) => {
            const open = expanded.has(name);
            return (
              <Card key={name} data-testid="project-section" className="overflow-hidden">
                <div className="flex items-center gap-2 px-3 py-2">
                  <button
                    type="button"
                    className="flex min-w-0 flex-1 items-center gap-2 rounded-md px-1 py-1 text-left hover:bg-accent/50"
                    onClick={() => toggle(name)}
                    aria-expanded={open}
                  >
                    {open ? <ChevronDownIcon className="size-4" /> : <ChevronRightIcon className="size-4" />}
                    <span className="truncate font-semibold">{name}</span>
                    <Badge variant="secondary">{list.length}</Badge>
                  </button>
                  <Button variant="ghost" size="sm" onClick={() => setParticipantsOf(name)}>
                    <UsersIcon />
                    <span className="hidden sm:inline">Manage Participants</span>
                  </Button>
                  <Button variant="ghost" size="sm" onClick={() => setDialog({ task: null, project: name })}>
                    <PlusIcon />
                    <span className="sr-only">Add task to {name}</span>
                  </Button>
                </div>
                {open && (
                  <ul className="divide-y border-t">
                    {list.length === 0 ? (
                      <li className="px-4 py-4 text-sm text-muted-foreground">No tasks in this project.</li>
                    ) : (
                      list.map((task) => (
                        <TaskRow
                          key={task.id}
                          task={task}
                          onEdit={(item) => setDialog({ task: item })}
                          onDelete={setToDelete}
                        />
                      ))
                    )}
                  </ul>
                )}
              </Card>
            );
          })}
        </div>
      )}

      <TaskDialog
        open={dialog !== null}
        onOpenChange={(open) => !open && setDialog(null)}
        task={dialog?.task ?? null}
        defaultProject={dialog?.project}
      />
      <ParticipantsDialog
        project={participantsOf}
        onOpenChange={(open) => !open && setParticipantsOf(null)}
      />
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        title="Delete task"
        description={`Delete "${toDelete?.title ?? ''}"? This cannot be undone.`}
        confirmLabel="Delete"
        destructive
        onConfirm={() => {
          if (toDelete)
            deleteTask.mutate(toDelete.id, {
              onSuccess: () => toast.success('Task deleted successfully'),
              onError: () => toast.error('Failed to delete task'),
            });
          setToDelete(null);
        }}
      />
    </div>
  );
}
