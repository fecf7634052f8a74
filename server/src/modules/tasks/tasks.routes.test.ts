import type { Task } from '@relate/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestApp, type TestUser } from '../../../test/test-app';

let t: TestApp;
const now = new Date('2026-11-23T12:00:00Z');

beforeAll(async () => {
  t = await createTestApp({ clock: () => now });
  await createUser(t.app);
});
afterAll(() => t.close());

async function group(a: TestUser, b: TestUser) {
  const invitation = (await t.as(a).post('/api/user-group', { email: b.email, name: 'B' })).json().data.id;
  await t.as(b).post('/api/user-group/approve-invitation', {
    invitation_id: invitation,
    display_name: 'A',
  });
}

async function createTask(who: TestUser, body: object): Promise<Task> {
  const response = await t.as(who).post('/api/tasks', body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

const projectsOf = async (who: TestUser, query = '') =>
  (await t.as(who).get(`/api/tasks${query}`)).json().projects as Record<string, Task[]>;

describe('tasks and projects', () => {
  it('creates a task with defaults, creating its project, and lists it in the projects map', async () => {
    const ann = await createUser(t.app);
    const task = await createTask(ann, { title: 'Write spec', project: ' Website ' });
    expect(task).toMatchObject({
      title: 'Write spec',
      project: 'Website',
      status: 'todo',
      priority: 'medium',
      assign_to: null,
      owner_email: ann.email,
      is_scheduled: false,
      can_edit: true,
    });
    await t.as(ann).post('/api/projects', { name: 'Alpha' });
    const projects = await projectsOf(ann);
    expect(Object.keys(projects)).toEqual(['Alpha', 'Website']);
    expect(projects.Alpha).toEqual([]);
    expect(projects.Website.map((item) => item.id)).toEqual([task.id]);
    const listed = (await t.as(ann).get('/api/projects')).json().projects;
    expect(listed.find((p: { name: string }) => p.name === 'Website').participants).toEqual([ann.email]);
  });

  it('creates tasks sent at once into one new project, all of them (a race made the others 500)', async () => {
    const ann = await createUser(t.app);
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        t.as(ann).post('/api/tasks', { title: `Parallel ${index}`, project: 'Launch' }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(8).fill(201));
    const projects = await projectsOf(ann);
    expect(Object.keys(projects)).toEqual(['Launch']);
    expect(projects.Launch).toHaveLength(8);
  });

  it('refuses a blank or repeated project name and bad task input with 400/409 naming the field', async () => {
    const ann = await createUser(t.app);
    expect((await t.as(ann).post('/api/projects', { name: '  ' })).json().details[0]).toMatchObject({
      field: 'name',
      message: 'Project name is required',
    });
    await t.as(ann).post('/api/projects', { name: 'Ops' });
    expect((await t.as(ann).post('/api/projects', { name: 'ops' })).statusCode).toBe(409);
    const bad = await t.as(ann).post('/api/tasks', { title: '', project: 'Ops', status: 'done' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.map((d: { field: string }) => d.field)).toEqual(
      expect.arrayContaining(['title', 'status']),
    );
  });

  it('filters by status and project, hides future-scheduled tasks unless asked, counts open tasks', async () => {
    const ann = await createUser(t.app);
    await createTask(ann, { title: 'Open', project: 'P' });
    await createTask(ann, { title: 'Done', project: 'P', status: 'completed' });
    const later = await createTask(ann, {
      title: 'Later',
      project: 'Q',
      scheduled_date: '2026-12-01T09:00:00Z',
    });
    expect(later.is_scheduled).toBe(true);
    expect((await projectsOf(ann)).Q).toEqual([]);
    expect((await projectsOf(ann, '?include_scheduled=true')).Q.map((task) => task.title)).toEqual(['Later']);
    expect((await projectsOf(ann, '?status=completed')).P.map((task) => task.title)).toEqual(['Done']);
    expect(Object.keys(await projectsOf(ann, '?project=p'))).toEqual(['P']);
    expect((await t.as(ann).get('/api/tasks/open-count')).json()).toEqual({ count: 2 });
    expect((await t.as(ann).get('/api/tasks?status=nope')).statusCode).toBe(400);
  });

  it('lists the tasks due in a window (the calendar), of the caller only, and names a bad bound', async () => {
    const ann = await createUser(t.app);
    const bob = await createUser(t.app);
    await createTask(ann, { title: 'Before', project: 'P', due_date: '2026-11-29T23:00:00Z' });
    await createTask(ann, { title: 'First', project: 'P', due_date: '2026-11-30T00:00:00Z' });
    await createTask(ann, { title: 'Later', project: 'P', due_date: '2026-12-02T09:00:00Z' });
    await createTask(ann, {
      title: 'Scheduled',
      project: 'Q',
      scheduled_date: '2026-12-01T09:00:00Z',
      due_date: '2026-12-03T09:00:00Z',
    });
    await createTask(ann, { title: 'Undated', project: 'P' });
    await createTask(ann, { title: 'After', project: 'P', due_date: '2026-12-07T00:00:00Z' });
    await createTask(bob, { title: "Bob's", project: 'P', due_date: '2026-12-01T09:00:00Z' });
    const window = '?include_scheduled=true&due_from=2026-11-30T00:00:00Z&due_to=2026-12-07T00:00:00Z';
    const titles = (projects: Record<string, Task[]>) =>
      Object.values(projects)
        .flat()
        .map((task) => task.title);
    expect(titles(await projectsOf(ann, window))).toEqual(['First', 'Later', 'Scheduled']);
    expect(titles(await projectsOf(bob, window))).toEqual(["Bob's"]);

    const bad = await t.as(ann).get('/api/tasks?due_from=soon');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toEqual([expect.objectContaining({ field: 'due_from' })]);
    const backwards = await t
      .as(ann)
      .get('/api/tasks?due_from=2026-12-07T00:00:00Z&due_to=2026-11-30T00:00:00Z');
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().details).toEqual([expect.objectContaining({ field: 'due_to' })]);
  });

  it('enforces owner, project owner, assignee, participant and outsider rights', async () => {
    const owner = await createUser(t.app);
    const assignee = await createUser(t.app);
    const participant = await createUser(t.app);
    const outsider = await createUser(t.app);
    await group(owner, assignee);
    await group(owner, participant);
    await t.as(owner).post('/api/projects', { name: 'Launch' });
    const set = await t.as(owner).post('/api/projects/Launch/participants', {
      participants: [assignee.email, participant.email],
    });
    expect(set.statusCode, set.body).toBe(200);
    const task = await createTask(owner, { title: 'Ship', project: 'Launch', assign_to: assignee.email });
    expect(task.assign_to).toBe(assignee.email);

    // The assignee may change the status only.
    const done = await t.as(assignee).put(`/api/tasks/${task.id}`, { status: 'completed' });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ status: 'completed', completed_at: now.toISOString() });
    expect((await t.as(assignee).put(`/api/tasks/${task.id}`, { title: 'Mine now' })).statusCode).toBe(403);
    expect((await t.as(assignee).delete(`/api/tasks/${task.id}`)).statusCode).toBe(403);
    // Other participants read only.
    expect((await t.as(participant).get(`/api/tasks/${task.id}`)).json().can_edit).toBe(false);
    expect((await t.as(participant).put(`/api/tasks/${task.id}`, { status: 'todo' })).statusCode).toBe(403);
    // Outsiders see nothing.
    for (const [method, payload] of [['GET'], ['PUT', { status: 'todo' }], ['DELETE']] as const)
      expect((await t.as(outsider).request(method, `/api/tasks/${task.id}`, payload)).statusCode).toBe(404);
    expect(await projectsOf(outsider)).toEqual({});
    // A participant's own task in the owner's project can be edited by the project owner.
    const theirs = await createTask(participant, { title: 'Theirs', project: 'Launch' });
    expect((await t.as(owner).put(`/api/tasks/${theirs.id}`, { priority: 'high' })).json().priority).toBe(
      'high',
    );
    expect((await t.as(owner).delete(`/api/tasks/${task.id}`)).statusCode).toBe(200);
  });

  it('requires the assignee to be a participant, notifies them, and unassigns them when they leave', async () => {
    const owner = await createUser(t.app);
    const member = await createUser(t.app);
    const stranger = await createUser(t.app);
    await group(owner, member);
    await t.as(owner).post('/api/projects', { name: 'Board' });
    const refused = await t.as(owner).post('/api/tasks', {
      title: 'X',
      project: 'Board',
      assign_to: member.email,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details[0]).toMatchObject({
      field: 'assign_to',
      message: 'Assign this specific task to a user. They must be a project participant.',
    });
    expect(
      (await t.as(owner).post('/api/projects/Board/participants', { participants: [stranger.email] }))
        .statusCode,
    ).toBe(400);
    await t.as(owner).post('/api/projects/Board/participants', { participants: [member.email] });
    const assignable = (await t.as(owner).get('/api/tasks/assignable-users?project=Board')).json().users;
    expect(assignable.map((user: { email: string }) => user.email).sort()).toEqual(
      [member.email, owner.email].sort(),
    );
    const task = await createTask(owner, { title: 'Review', project: 'Board', assign_to: member.email });
    const notes = (await t.as(member).get('/api/notifications')).json().notifications;
    expect(notes[0]).toMatchObject({
      notification_type: 'task_assigned',
      subject_type: 'task',
      subject_id: task.id,
    });
    expect((await projectsOf(member)).Board.map((item) => item.title)).toEqual(['Review']);

    await t.as(owner).post('/api/projects/Board/participants', { participants: [] });
    expect((await t.as(owner).get(`/api/tasks/${task.id}`)).json().assign_to).toBeNull();
    expect(await projectsOf(member)).toEqual({});
    expect(
      (await t.as(member).post('/api/projects/Board/participants', { participants: [] })).statusCode,
    ).toBe(404);
  });
});

describe('participants leaving, shared names, edits and notifications', () => {
  const notesOf = async (who: TestUser) =>
    (await t.as(who).get('/api/notifications')).json().notifications as {
      notification_type: string;
      subject_id: number | null;
    }[];

  it('a removed participant loses the project: open tasks unassigned, done ones hidden and not reopenable', async () => {
    const owner = await createUser(t.app);
    const member = await createUser(t.app);
    await group(owner, member);
    await t.as(owner).post('/api/projects', { name: 'Board' });
    await t.as(owner).post('/api/projects/Board/participants', { participants: [member.email] });
    const open = await createTask(owner, { title: 'Open', project: 'Board', assign_to: member.email });
    const done = await createTask(owner, { title: 'Done', project: 'Board', assign_to: member.email });
    expect((await t.as(member).put(`/api/tasks/${done.id}`, { status: 'completed' })).statusCode).toBe(200);
    const mine = await createTask(member, { title: 'Mine', project: 'Board' });
    expect(mine.project_id).toBe(open.project_id);

    await t.as(owner).post('/api/projects/Board/participants', { participants: [] });

    // Only the task they own is left in their list; the completed one is gone too.
    const left = await projectsOf(member, '?status=todo,in_progress,completed,cancelled');
    expect(Object.keys(left)).toEqual(['Board']);
    expect(left.Board.map((task) => task.title)).toEqual(['Mine']);
    for (const task of [open, done]) {
      expect((await t.as(member).get(`/api/tasks/${task.id}`)).statusCode).toBe(404);
      expect((await t.as(member).put(`/api/tasks/${task.id}`, { status: 'todo' })).statusCode).toBe(404);
    }
    expect((await t.as(member).get('/api/tasks/open-count')).json()).toEqual({ count: 1 });
    // The owner sees the open task unassigned, and the completed one still credited to the member.
    expect((await t.as(owner).get(`/api/tasks/${open.id}`)).json().assign_to).toBeNull();
    expect((await t.as(owner).get(`/api/tasks/${done.id}`)).json()).toMatchObject({
      status: 'completed',
      assign_to: member.email,
    });
    // Taken back in, they see the project's tasks again.
    await t.as(owner).post('/api/projects/Board/participants', { participants: [member.email] });
    expect((await t.as(member).put(`/api/tasks/${done.id}`, { status: 'todo' })).statusCode).toBe(200);
  });

  it("lists the caller's own project where two visible projects share a name, without the other's tasks", async () => {
    const ada = await createUser(t.app);
    const ben = await createUser(t.app);
    await group(ada, ben);
    await createTask(ada, { title: "Ada's task", project: 'Launch' });
    await t.as(ada).post('/api/projects/Launch/participants', { participants: [ben.email] });
    expect((await t.as(ben).post('/api/projects', { name: 'Launch' })).statusCode).toBe(201);
    const bens = await createTask(ben, { title: "Ben's task", project: 'Launch' });
    expect(bens.owner_id).toBe(ben.id);

    const forBen = await projectsOf(ben);
    expect(Object.keys(forBen)).toEqual(['Launch']);
    expect(forBen.Launch.map((task) => task.title)).toEqual(["Ben's task"]);
    expect((await projectsOf(ben, '?project=launch')).Launch.map((task) => task.title)).toEqual([
      "Ben's task",
    ]);
    expect((await projectsOf(ada)).Launch.map((task) => task.title)).toEqual(["Ada's task"]);
  });

  it('lets a task owner who is not the project owner edit and delete it', async () => {
    const owner = await createUser(t.app);
    const member = await createUser(t.app);
    await group(owner, member);
    await t.as(owner).post('/api/projects', { name: 'Site' });
    await t.as(owner).post('/api/projects/Site/participants', { participants: [member.email] });
    const task = await createTask(member, { title: 'Draft copy', project: 'Site' });
    expect(task.can_edit).toBe(true);
    const edited = await t.as(member).put(`/api/tasks/${task.id}`, {
      title: 'Final copy',
      priority: 'high',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ title: 'Final copy', priority: 'high' });
    expect((await projectsOf(owner)).Site.map((item) => item.title)).toEqual(['Final copy']);

    expect((await t.as(member).delete(`/api/tasks/${task.id}`)).statusCode).toBe(200);
    expect((await projectsOf(member)).Site).toEqual([]);
    expect((await projectsOf(owner)).Site).toEqual([]);
    expect((await t.as(owner).get(`/api/tasks/${task.id}`)).statusCode).toBe(404);
    expect((await t.as(member).delete(`/api/tasks/${task.id}`)).statusCode).toBe(404);
  });

  it('notifies a new assignee on reassignment, and nobody when assigning yourself', async () => {
    const owner = await createUser(t.app);
    const first = await createUser(t.app);
    const second = await createUser(t.app);
    await group(owner, first);
    await group(owner, second);
    await t.as(owner).post('/api/projects', { name: 'Ops' });
    await t.as(owner).post('/api/projects/Ops/participants', {
      participants: [first.email, second.email],
    });
    const mine = await createTask(owner, { title: 'Self', project: 'Ops', assign_to: owner.email });
    expect(mine.assign_to).toBe(owner.email);
    const task = await createTask(owner, { title: 'Rotate keys', project: 'Ops', assign_to: first.email });
    expect((await notesOf(second)).filter((n) => n.notification_type === 'task_assigned')).toEqual([]);

    const moved = await t.as(owner).put(`/api/tasks/${task.id}`, { assign_to: second.email });
    expect(moved.json().assign_to).toBe(second.email);
    const received = (await notesOf(second)).filter((n) => n.notification_type === 'task_assigned');
    expect(received.map((n) => n.subject_id)).toEqual([task.id]);
    expect((await notesOf(first)).filter((n) => n.notification_type === 'task_assigned')).toHaveLength(1);
    // Saving again without a change notifies nobody again.
    await t.as(owner).put(`/api/tasks/${task.id}`, { title: 'Rotate all keys', assign_to: second.email });
    expect((await notesOf(second)).filter((n) => n.notification_type === 'task_assigned')).toHaveLength(1);

    await t.as(owner).put(`/api/tasks/${task.id}`, { assign_to: owner.email });
    expect((await notesOf(owner)).filter((n) => n.notification_type === 'task_assigned')).toEqual([]);
  });

  it('tells the owner when the assignee completes or reopens their task, not when they do it themselves', async () => {
    const owner = await createUser(t.app);
    const member = await createUser(t.app, { fullName: 'Mia Member' });
    await group(owner, member);
    await t.as(owner).post('/api/projects', { name: 'Wrap-up' });
    await t.as(owner).post('/api/projects/Wrap-up/participants', { participants: [member.email] });
    const task = await createTask(owner, {
      title: 'Send invoices',
      project: 'Wrap-up',
      assign_to: member.email,
    });
    // What the owner hears about tasks (they also hear that the member joined their group).
    const ownerNotes = async () =>
      (
        (await t.as(owner).get('/api/notifications')).json().notifications as {
          notification: string;
          notification_type: string;
          subject_type: string | null;
          subject_id: number | null;
        }[]
      ).filter((note) => note.subject_type === 'task');

    expect((await t.as(member).put(`/api/tasks/${task.id}`, { status: 'in_progress' })).statusCode).toBe(200);
    expect(await ownerNotes()).toEqual([]);
    expect((await t.as(member).put(`/api/tasks/${task.id}`, { status: 'completed' })).statusCode).toBe(200);
    expect(await ownerNotes()).toMatchObject([
      {
        notification: 'Mia Member completed the task "Send invoices"',
        notification_type: 'other',
        subject_type: 'task',
        subject_id: task.id,
      },
    ]);
    // Saving the same status again is no news.
    await t.as(member).put(`/api/tasks/${task.id}`, { status: 'completed' });
    expect(await ownerNotes()).toHaveLength(1);
    await t.as(member).put(`/api/tasks/${task.id}`, { status: 'todo' });
    expect((await ownerNotes())[0].notification).toBe('Mia Member reopened the task "Send invoices"');
    expect(await ownerNotes()).toHaveLength(2);

    // The owner completing and reopening it tells nobody, the assignee included.
    await t.as(owner).put(`/api/tasks/${task.id}`, { status: 'completed' });
    await t.as(owner).put(`/api/tasks/${task.id}`, { status: 'in_progress' });
    expect(await ownerNotes()).toHaveLength(2);
    expect((await notesOf(member)).filter((n) => n.notification_type === 'other')).toEqual([]);
    // Cancelling a completed task is not reopening it.
    await t.as(member).put(`/api/tasks/${task.id}`, { status: 'completed' });
    await t.as(owner).put(`/api/tasks/${task.id}`, { status: 'cancelled' });
    expect(await ownerNotes()).toHaveLength(3);
  });

  it("offers the caller's group without a project: approved members and the caller, not pending ones", async () => {
    const owner = await createUser(t.app);
    const approved = await createUser(t.app);
    const pending = await createUser(t.app);
    await createUser(t.app);
    await group(owner, approved);
    await t.as(owner).post('/api/user-group', { email: pending.email, name: 'Pending' });
    const response = await t.as(owner).get('/api/tasks/assignable-users');
    expect(response.statusCode).toBe(200);
    expect(
      response
        .json()
        .users.map((user: { email: string }) => user.email)
        .sort(),
    ).toEqual([owner.email, approved.email].sort());
    expect((await t.as(owner).get('/api/tasks/assignable-users?project=Nope')).statusCode).toBe(404);
  });

  it('a full update changes every field', async () => {
    const owner = await createUser(t.app);
    const member = await createUser(t.app);
    await group(owner, member);
    const task = await createTask(owner, { title: 'Old', project: 'Before' });
    await t.as(owner).post('/api/projects', { name: 'After' });
    await t.as(owner).post('/api/projects/After/participants', { participants: [member.email] });
    const body = {
      title: 'New title',
      description: 'New description',
      project: 'After',
      status: 'in_progress',
      priority: 'low',
      scheduled_date: '2026-12-01T08:00:00Z',
      due_date: '2026-12-05T17:00:00Z',
      assign_to: member.email,
    };
    const response = await t.as(owner).put(`/api/tasks/${task.id}`, body);
    expect(response.statusCode, response.body).toBe(200);
    const expected = {
      ...body,
      scheduled_date: '2026-12-01T08:00:00.000Z',
      due_date: '2026-12-05T17:00:00.000Z',
      is_scheduled: true,
    };
    expect(response.json()).toMatchObject(expected);
    expect((await t.as(owner).get(`/api/tasks/${task.id}`)).json()).toMatchObject(expected);
    const after = await projectsOf(owner, '?include_scheduled=true');
    expect(after.Before).toEqual([]);
    expect(after.After.map((item) => item.id)).toEqual([task.id]);

    const cleared = await t.as(owner).put(`/api/tasks/${task.id}`, {
      description: '',
      scheduled_date: '',
      due_date: null,
      assign_to: '',
    });
    expect(cleared.json()).toMatchObject({
      description: null,
      scheduled_date: null,
      due_date: null,
      assign_to: null,
      is_scheduled: false,
    });
  });
});
