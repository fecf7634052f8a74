import type { Task } from '@relate/contracts';
import { screen, within } from '@testing-library/react';
import { format } from 'date-fns';
import { HttpResponse, http } from 'msw';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { api, server, testUser } from '@/test/msw';
import { renderWithProviders } from '@/test/render';
import { EventsRoute } from './events';

// Radix's checkbox and select measure themselves; jsdom has no ResizeObserver.
beforeAll(() =>
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  ),
);
afterAll(() => vi.unstubAllGlobals());

const today = new Date();
const at = (day: number, hours: number) =>
  new Date(today.getFullYear(), today.getMonth(), day, hours).toISOString();

const task = (overrides: Partial<Task>): Task => ({
  id: 1,
  title: 'Send the proposal',
  description: null,
  project: 'Acme',
  project_id: 1,
  status: 'todo',
  priority: 'medium',
  scheduled_date: null,
  due_date: at(12, 15),
  assign_to: null,
  owner_id: testUser.id,
  owner_email: testUser.email,
  is_scheduled: false,
  completed_at: null,
  created_at: at(1, 9),
  updated_at: at(1, 9),
  can_edit: true,
  can_change_status: true,
  ...overrides,
});

/** The calendar's API, recording the windows the tasks were asked for. */
function answer(tasks: Task[]) {
  const windows: Record<string, string>[] = [];
  server.use(
    http.get(api('/user-preferences'), () =>
      HttpResponse.json({
        preferences: {
          calendar_settings: { defaultView: 'monthly', startWeekday: 'monday' },
          contact_columns: [],
          custom_fields: [],
        },
      }),
    ),
    http.get(api('/user-group'), () => HttpResponse.json({ success: true, data: [] })),
    http.get(api('/events'), () => HttpResponse.json({ events: [] })),
    http.get(api('/tasks'), ({ request }) => {
      windows.push(Object.fromEntries(new URL(request.url).searchParams));
      return HttpResponse.json({ projects: { Acme: tasks } });
    }),
    http.get(api('/projects'), () => HttpResponse.json({ projects: [] })),
    http.get(api('/tasks/assignable-users'), () => HttpResponse.json({ users: [] })),
  );
  return windows;
}

describe('tasks in the calendar', () => {
  it("shows the user's tasks on their due days, marked as tasks, and opens one in Edit Task", async () => {
    const windows = answer([
      task({}),
      task({ id: 2, title: 'Book the venue', status: 'completed', due_date: at(14, 9) }),
      task({ id: 3, title: "Someone else's", owner_id: 99, owner_email: 'bob@example.com' }),
    ]);
    const { user } = renderWithProviders(<EventsRoute />, { user: testUser });
    const chip = await screen.findByRole('button', { name: /Send the proposal/ });
    expect(within(chip).getByRole('img', { name: 'Task' })).toBeInTheDocument();
    expect(chip.closest('[data-testid="calendar-day"]')).toHaveAttribute(
      'data-date',
      format(new Date(at(12, 15)), 'yyyy-MM-dd'),
    );
    const done = screen.getByRole('button', { name: /Book the venue/ });
    expect(within(done).getByRole('img', { name: 'Task, done' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Someone else's/ })).not.toBeInTheDocument();
    expect(windows[0]).toMatchObject({ include_scheduled: 'true' });
    expect(windows[0].due_from).toBeTruthy();
    expect(windows[0].due_to).toBeTruthy();

    await user.click(chip);
    const dialog = await screen.findByRole('dialog', { name: 'Edit Task' });
    expect(within(dialog).getByLabelText('Title')).toHaveValue('Send the proposal');
  });
});
