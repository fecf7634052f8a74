import type { Task } from '@relate/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TasksPage } from './components/tasks-page';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const task = (extra: Partial<Task>): Task => ({
  id: 1,
  title: 'Task',
  description: null,
  project: 'Launch',
  project_id: 1,
  status: 'todo',
  priority: 'medium',
  scheduled_date: null,
  due_date: null,
  assign_to: null,
  owner_id: 1,
  owner_email: 'ada@example.com',
  is_scheduled: false,
  completed_at: null,
  created_at: '2026-11-01T10:00:00.000Z',
  updated_at: '2026-11-01T10:00:00.000Z',
  can_edit: false,
  can_change_status: false,
  ...extra,
});

function renderPage(tasks: Task[], route = '/tasks') {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (init?.method === 'PUT') return json(200, { ...tasks[0], ...JSON.parse(String(init.body)) });
    if (url.startsWith('/api/tasks?') || url === '/api/tasks')
      return json(200, { projects: { Launch: tasks } });
    return json(200, {});
  });
  vi.stubGlobal('fetch', fetchMock);
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[route]}>
        <TasksPage user={{ id: 2, email: 'ben@example.com' }} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('Tasks tab', () => {
  it('asks for scheduled tasks too and marks one scheduled for later', async () => {
    const fetchMock = renderPage([
      task({
        title: 'Plan the offsite',
        can_edit: true,
        can_change_status: true,
        owner_id: 2,
        scheduled_date: '2099-03-05T09:30:00.000Z',
        is_scheduled: true,
      }),
    ]);
    await userEvent.click(await screen.findByRole('button', { name: 'Expand All' }));
    const row = screen.getByTestId('task-row');
    expect(within(row).getByText('Plan the offsite')).toBeInTheDocument();
    expect(within(row).getByTestId('scheduled-badge')).toHaveTextContent(/^Scheduled Mar 5, \d\d:30$/);
    const lists = fetchMock.mock.calls.map(([url]) => url).filter((url) => /^\/api\/tasks(\?|$)/.test(url));
    expect(lists).toEqual(['/api/tasks?include_scheduled=true']);
  });

  it('opens a linked task (?task=ID) in its project, with done tasks shown when it is done', async () => {
    renderPage(
      [task({ id: 4, title: 'Send invoices', status: 'completed' }), task({ id: 5, title: 'Open one' })],
      '/tasks?task=4',
    );
    expect(await screen.findByRole('button', { name: 'Hide done tasks' })).toBeInTheDocument();
    expect(screen.getByText('Send invoices')).toBeInTheDocument();
  });

  it('opens the new task dialog from ?new=1 (the command palette)', async () => {
    renderPage([task({ title: 'Existing' })], '/tasks?new=1');
    expect(await screen.findByRole('dialog', { name: 'Add New Task' })).toBeInTheDocument();
  });

  it('lets an assignee who cannot edit set any status from the row', async () => {
    const fetchMock = renderPage([
      task({ id: 7, title: 'Ship it', assign_to: 'ben@example.com', can_change_status: true }),
    ]);
    await userEvent.click(await screen.findByRole('button', { name: 'Expand All' }));
    const row = screen.getByTestId('task-row');
    expect(within(row).queryByRole('button', { name: 'Edit Ship it' })).not.toBeInTheDocument();
    await userEvent.click(within(row).getByRole('button', { name: 'Change status of Ship it' }));
    const options = screen.getAllByRole('menuitemcheckbox');
    expect(options.map((item) => item.textContent?.replace('✓', ''))).toEqual([
      'To do',
      'In progress',
      'Completed',
      'Cancelled',
    ]);
    expect(screen.getByRole('menuitemcheckbox', { name: /To do/ })).toHaveAttribute('aria-checked', 'true');
    await userEvent.click(screen.getByRole('menuitemcheckbox', { name: 'In progress' }));

    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Task marked as in progress'));
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT')!;
    expect(put[0]).toBe('/api/tasks/7');
    expect(JSON.parse(String(put[1]!.body))).toEqual({ status: 'in_progress' });
  });

  it('gives a participant who may not change the status no status menu', async () => {
    renderPage([task({ title: 'Read only' })]);
    await userEvent.click(await screen.findByRole('button', { name: 'Expand All' }));
    const row = screen.getByTestId('task-row');
    expect(within(row).getByText('To do')).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: /Change status/ })).not.toBeInTheDocument();
  });
});
