import type { Task, TaskStatus } from '@relate/contracts';
import { TASK_STATUSES } from '@relate/contracts';
import { format, parseISO } from 'date-fns';
import {
  CalendarClockIcon,
  CalendarIcon,
  CheckCircle2Icon,
  ChevronDownIcon,
  CircleIcon,
  PencilIcon,
  Trash2Icon,
} from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { useUpdateTask } from '../api/tasks-api';
import { PRIORITY_LABEL, STATUS_LABEL, STATUS_WORDS } from '../task-labels';
import { isOverdue } from '../task-view';

const STATUS_VARIANT = {
  todo: 'secondary',
  in_progress: 'default',
  completed: 'success',
  cancelled: 'outline',
} as const;
const PRIORITY_VARIANT = { low: 'secondary', medium: 'warning', high: 'destructive' } as const;

/** One task: quick complete, status menu, dates, assignee, and edit/delete for those who may. */
export function TaskRow({
  task,
  highlighted,
  onEdit,
  onDelete,
}: {
  task: Task;
  /** The task just created, or the one a notification links to: shown and marked. */
  highlighted: boolean;
  onEdit: (task: Task) => void;
  onDelete: (task: Task) => void;
}) {
  const update = useUpdateTask();
  const overdue = isOverdue(task);
  const row = useRef<HTMLLIElement>(null);
  useEffect(() => {
    if (highlighted) row.current?.scrollIntoView?.({ block: 'nearest' });
  }, [highlighted]);
  // mutateAsync, not mutate's callbacks: the row leaves the list (and unmounts) once the task is done.
  const setStatus = async (status: TaskStatus) => {
    if (status === task.status) return;
    try {
      await update.mutateAsync({ id: task.id, body: { status } });
      toast.success(`Task marked as ${STATUS_WORDS[status]}`);
    } catch (error) {
      toast.error('Failed to update task', { description: (error as Error).message });
    }
  };
  const toggle = () => setStatus(task.status === 'completed' ? 'todo' : 'completed');
  return (
    <li
      ref={row}
      data-testid="task-row"
      data-highlighted={highlighted || undefined}
      className={cn(
        'flex items-start gap-3 px-4 py-3 transition-colors',
        highlighted && 'bg-primary/5 shadow-[inset_3px_0_0_var(--color-primary)]',
      )}
    >
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
          <Badge variant={PRIORITY_VARIANT[task.priority]}>{PRIORITY_LABEL[task.priority]}</Badge>
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
