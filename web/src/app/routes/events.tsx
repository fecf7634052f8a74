import type { Task } from '@relate/contracts';
import { useCallback, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useAuth } from '@/features/auth/auth-provider';
import type { CalendarTask } from '@/features/events/components/calendar-types';
import { EventsPage } from '@/features/events/components/events-page';
import { useGroupMembers } from '@/features/groups/api/groups-api';
import { useTasksDue } from '@/features/tasks/api/tasks-api';
import { TaskDialog } from '@/features/tasks/components/task-dialog';
import { isMine, isOpen } from '@/features/tasks/task-view';
import { usePreferences } from '@/lib/preferences';

/**
 * The calendar, with the saved calendar settings, the group members it suggests as participants, and
 * the user's own tasks on their due days (as Google Calendar shows tasks): one the user may edit opens
 * in Edit Task, any other in the Tasks tab.
 */
export function EventsRoute() {
  const { user } = useAuth();
  const preferences = usePreferences();
  const members = useGroupMembers();
  const suggestions = (members.data ?? [])
    .filter((member) => member.status === 'approved')
    .map(({ email, full_name }) => ({ email, full_name }));
  const [range, setRange] = useState<{ from: Date; to: Date } | null>(null);
  const due = useTasksDue(range);
  const [editing, setEditing] = useState<Task | null>(null);
  const navigate = useNavigate();

  const tasks = useMemo<CalendarTask[]>(
    () =>
      (due.data ?? [])
        .filter((task) => task.due_date && user && isMine(task, user))
        .map((task) => ({
          id: task.id,
          title: task.title,
          project: task.project,
          due: new Date(task.due_date!),
          done: !isOpen(task),
        })),
    [due.data, user],
  );
  const onRangeChange = useCallback((from: Date, to: Date) => setRange({ from, to }), []);
  const openTask = (id: number) => {
    const task = due.data?.find((item) => item.id === id);
    if (task?.can_edit) setEditing(task);
    else navigate(`/tasks?task=${id}`);
  };

  return (
    <>
      <EventsPage
        settings={preferences.data?.calendar_settings}
        participantSuggestions={suggestions}
        tasks={tasks}
        onRangeChange={onRangeChange}
        onTaskClick={openTask}
      />
      <TaskDialog open={editing !== null} onOpenChange={(open) => !open && setEditing(null)} task={editing} />
    </>
  );
}
