import type { AssignableUser, Project, Task } from '@relate/contracts';
import { screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { api, server } from '@/test/msw';
import { renderWithProviders } from '@/test/render';
import { TaskDialog } from './components/task-dialog';

const ada: AssignableUser = { id: 1, email: 'ada@example.com', full_name: 'Ada Lovelace' };
const ben: AssignableUser = { id: 2, email: 'ben@example.com', full_name: 'Ben Example' };

const project = (extra: Partial<Project>): Project => ({
  id: 1,
  name: 'Launch',
  owner_id: 1,
  owner_email: ada.email,
  is_owner: true,
  participants: [ada.email],
  created_at: '2026-11-01T10:00:00.000Z',
  ...extra,
});

const savedTask = (body: Partial<Task>): Task => ({
  id: 9,
  title: 'Prepare the deck',
  description: null,
  project: 'Launch',
  project_id: 1,
  status: 'todo',
  priority: 'medium',
  scheduled_date: null,
  due_date: null,
  assign_to: null,
  owner_id: 1,
  owner_email: ada.email,
  is_scheduled: false,
  completed_at: null,
  created_at: '2026-11-01T10:00:00.000Z',
  updated_at: '2026-11-01T10:00:00.000Z',
  can_edit: true,
  can_change_status: true,
  ...body,
});

/** The API of one project (Ada's, or someone else's) and Ada's group, recording what is written. */
function fakeApi(projects: Project[]) {
  const writes: { path: string; body: unknown }[] = [];
  server.use(
    http.get(api('/projects'), () => HttpResponse.json({ projects })),
    http.get(api('/tasks/assignable-users'), ({ request }) =>
      HttpResponse.json({ users: new URL(request.url).searchParams.get('project') ? [ada] : [ada, ben] }),
    ),
    http.post(api('/projects/Launch/participants'), async ({ request }) => {
      writes.push({ path: 'participants', body: await request.json() });
      return HttpResponse.json({ success: true });
    }),
    http.post(api('/tasks'), async ({ request }) => {
      const body = (await request.json()) as Partial<Task>;
      writes.push({ path: 'tasks', body });
      return HttpResponse.json(savedTask(body), { status: 201 });
    }),
  );
  return writes;
}

beforeAll(() => {
  // Radix Select asks the pointer and scroll APIs jsdom leaves out.
  Element.prototype.hasPointerCapture ??= () => false;
  Element.prototype.releasePointerCapture ??= () => {};
  Element.prototype.scrollIntoView ??= () => {};
});

function renderDialog() {
  const onSaved = vi.fn();
  const view = renderWithProviders(<TaskDialog open onOpenChange={() => {}} task={null} onSaved={onSaved} />);
  return { ...view, onSaved };
}

describe('Add New Task', { timeout: 30_000 }, () => {
  it('preselects the only project, offers group members and adds the chosen one as participant on save', async () => {
    const writes = fakeApi([project({})]);
    const { user, onSaved } = renderDialog();
    const projectField = screen.getByRole('combobox', { name: 'Project' });
    await waitFor(() => expect(projectField).toHaveTextContent('Launch'));

    await user.type(screen.getByLabelText('Title'), 'Prepare the deck');
    await user.click(screen.getByRole('combobox', { name: 'Assign to' }));
    await user.click(await screen.findByRole('option', { name: /Ben Example/ }));
    expect(screen.getByTestId('assignee-joins-note')).toHaveTextContent(
      'Ben Example (ben@example.com) is not a participant of Launch yet and will be added when you save.',
    );
    await user.click(screen.getByRole('button', { name: 'Create Task' }));

    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ id: 9 }), true));
    expect(writes).toEqual([
      { path: 'participants', body: { participants: [ada.email, ben.email] } },
      {
        path: 'tasks',
        body: expect.objectContaining({ title: 'Prepare the deck', project: 'Launch', assign_to: ben.email }),
      },
    ]);
  });

  it("offers only the participants of someone else's project", async () => {
    fakeApi([project({ is_owner: false, owner_email: 'cy@example.com' })]);
    const { user } = renderDialog();
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Project' })).toHaveTextContent('Launch'),
    );
    await user.click(screen.getByRole('combobox', { name: 'Assign to' }));
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual([
      'Nobody',
      'Ada Lovelace (ada@example.com)',
    ]);
  });

  it('creates the task in a typed new project without pressing Add', async () => {
    const writes = fakeApi([]);
    const { user, onSaved } = renderDialog();
    await user.type(screen.getByLabelText('Title'), 'Prepare the deck');
    await user.click(screen.getByRole('button', { name: 'New Project' }));
    await user.type(screen.getByPlaceholderText('New project name'), 'Q1 Launch');
    await user.click(screen.getByRole('button', { name: 'Create Task' }));

    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(screen.queryByText('Project name is required')).not.toBeInTheDocument();
    expect(writes).toEqual([
      { path: 'tasks', body: expect.objectContaining({ title: 'Prepare the deck', project: 'Q1 Launch' }) },
    ]);
  });

  it('keeps the chosen project when a new name is typed and then cancelled', async () => {
    const writes = fakeApi([project({})]);
    const { user, onSaved } = renderDialog();
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Project' })).toHaveTextContent('Launch'),
    );
    await user.type(screen.getByLabelText('Title'), 'Prepare the deck');
    await user.click(screen.getByRole('button', { name: 'New Project' }));
    await user.type(screen.getByPlaceholderText('New project name'), 'Other');
    // The project field's Cancel comes before the dialog's.
    await user.click(screen.getAllByRole('button', { name: 'Cancel' })[0]);
    await user.click(screen.getByRole('button', { name: 'Create Task' }));

    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(writes).toEqual([{ path: 'tasks', body: expect.objectContaining({ project: 'Launch' }) }]);
  });

  it('shows why it cannot save, and drops the message once the title is given', async () => {
    const writes = fakeApi([project({})]);
    const { user } = renderDialog();
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Project' })).toHaveTextContent('Launch'),
    );
    await user.click(screen.getByRole('button', { name: 'Create Task' }));
    const title = screen.getByLabelText('Title');
    expect(await screen.findByText('Title is required')).toBeVisible();
    expect(title).toHaveAttribute('aria-invalid', 'true');
    await user.type(title, 'D');
    await waitFor(() => expect(screen.queryByText('Title is required')).not.toBeInTheDocument());
    expect(title).toHaveAttribute('aria-invalid', 'false');
    expect(writes).toEqual([]);
  });
});
