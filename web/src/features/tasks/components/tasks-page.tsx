import type { Task, User } from '@relate/contracts';
import {
  CheckCircle2Icon,
  ChevronDownIcon,
  ChevronRightIcon,
  ClipboardListIcon,
  PlusIcon,
  UsersIcon,
} from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { formatNumber } from '@/lib/format';
import { toast } from '@/lib/toast';
import { toastDeletedWithUndo } from '@/lib/undo-toast';
import { NEW_PARAM, useUrlAction } from '@/lib/url-action';
import { useDeleteTask, useRestoreDeletedTask, useTasks } from '../api/tasks-api';
import { visibleProjects } from '../task-view';
import { ParticipantsDialog } from './participants-dialog';
import { TaskDialog } from './task-dialog';
import { TaskRow } from './task-row';

/** What the list shows, in words: the toggles name their action, this line names the state. */
function scopeText(myTasks: boolean, showDone: boolean) {
  if (myTasks) return showDone ? 'Your tasks, done ones included.' : 'Your open tasks.';
  return showDone ? 'Every task in your projects, done ones included.' : 'Open tasks in your projects.';
}

export function TasksPage({ user }: { user: Pick<User, 'id' | 'email'> | null }) {
  const tasks = useTasks();
  const deleteTask = useDeleteTask();
  const restoreDeleted = useRestoreDeletedTask();
  const [searchParams] = useSearchParams();
  const [myTasks, setMyTasks] = useState(false);
  const [showDone, setShowDone] = useState(false);
  const [expanded, setExpanded] = useState<Set<string>>(new Set());
  const [dialog, setDialog] = useState<{ task: Task | null; project?: string } | null>(null);
  const [participantsOf, setParticipantsOf] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<Task | null>(null);
  const [highlighted, setHighlighted] = useState<number | null>(null);

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

  const reveal = (task: Pick<Task, 'id' | 'project'>) => {
    setExpanded((now) => new Set(now).add(task.project));
    setHighlighted(task.id);
  };

  // A notification's link (?task=ID) opens its project and marks the task, showing done tasks when it is
  // one (an assignee completed it, or the command palette found it).
  const linked = Number(searchParams.get('task')) || null;
  useEffect(() => {
    if (!linked || !tasks.data) return;
    const task = Object.values(tasks.data)
      .flat()
      .find((item) => item.id === linked);
    if (!task) return;
    if (task.status === 'completed' || task.status === 'cancelled') setShowDone(true);
    setExpanded((now) => new Set(now).add(task.project));
    setHighlighted(linked);
  }, [linked, tasks.data]);

  // The command palette's links: a project (?project=NAME) opens its section, "New task" (?new=1) the dialog.
  const linkedProject = searchParams.get('project');
  useEffect(() => {
    if (linkedProject) setExpanded((now) => new Set(now).add(linkedProject));
  }, [linkedProject]);
  useUrlAction(NEW_PARAM, () => setDialog({ task: null }));

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
          <p className="text-sm text-muted-foreground" data-testid="tasks-scope">
            {scopeText(myTasks, showDone)}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => setMyTasks(!myTasks)}>
            {myTasks ? 'Show all tasks' : 'Show my tasks'}
          </Button>
          <Button variant="outline" onClick={() => setShowDone(!showDone)}>
            {showDone ? 'Hide done tasks' : 'Show done tasks'}
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
          description="No open tasks here. Show done tasks to see completed and cancelled ones."
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
                    <Badge variant="secondary">{formatNumber(list.length)}</Badge>
                  </button>
                  <Button
                    variant="ghost"
                    size="sm"
                    onClick={() => setParticipantsOf(name)}
                    aria-label={`Manage Participants of ${name}`}
                  >
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
                          highlighted={task.id === highlighted}
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
        onSaved={(task, created) => {
          if (created) reveal(task);
        }}
      />
      <ParticipantsDialog
        project={participantsOf}
        currentEmail={user?.email ?? null}
        onOpenChange={(open) => !open && setParticipantsOf(null)}
      />
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        title="Delete task"
        description={`Delete "${toDelete?.title ?? ''}"? It moves to the Trash, where you can restore it for 30 days.`}
        confirmLabel="Delete"
        destructive
        onConfirm={() => {
          if (toDelete)
            deleteTask.mutate(toDelete.id, {
              onSuccess: ({ trash_batch: batch }) =>
                batch
                  ? toastDeletedWithUndo('Task deleted successfully', {
                      undo: () => restoreDeleted.mutateAsync(batch),
                      restored: 'Task restored',
                    })
                  : toast.success('Task deleted successfully'),
              onError: () => toast.error('Failed to delete task'),
            });
          setToDelete(null);
        }}
      />
    </div>
  );
}
