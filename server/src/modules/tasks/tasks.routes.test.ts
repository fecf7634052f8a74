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

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (who: TestUser, method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url, headers: who.headers, payload });

async function group(a: TestUser, b: TestUser) {
  const invitation = (await call(a, 'POST', '/api/user-group', { email: b.email, name: 'B' })).json().data.id;
  await call(b, 'POST', '/api/user-group/approve-invitation', {
    invitation_id: invitation,
    display_name: 'A',
  });
}

async function createTask(who: TestUser, body: object): Promise<Task> {
  const response = await call(who, 'POST', '/api/tasks', body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

const projectsOf = async (who: TestUser, query = '') =>
  (await call(who, 'GET', `/api/tasks${query}`)).json().projects as Record<string, Task[]>;

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
    await call(ann, 'POST', '/api/projects', { name: 'Alpha' });
    const projects = await projectsOf(ann);
    expect(Object.keys(projects)).toEqual(['Alpha', 'Website']);
    expect(projects.Alpha).toEqual([]);
    expect(projects.Website.map((item) => item.id)).toEqual([task.id]);
    const listed = (await call(ann, 'GET', '/api/projects')).json().projects;
    expect(listed.find((p: { name: string }) => p.name === 'Website').participants).toEqual([ann.email]);
  });

  it('refuses a blank or repeated project name and bad task input with 400/409 naming the field', async () => {
    const ann = await createUser(t.app);
    expect((await call(ann, 'POST', '/api/projects', { name: '  ' })).json().details[0]).toMatchObject({
      field: 'name',
      message: 'Project name is required',
    });
    await call(ann, 'POST', '/api/projects', { name: 'Ops' });
    expect((await call(ann, 'POST', '/api/projects', { name: 'ops' })).statusCode).toBe(409);
    const bad = await call(ann, 'POST', '/api/tasks', { title: '', project: 'Ops', status: 'done' });
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
    expect((await call(ann, 'GET', '/api/tasks/open-count')).json()).toEqual({ count: 2 });
    expect((await call(ann, 'GET', '/api/tasks?status=nope')).statusCode).toBe(400);
  });

  it('enforces owner, project owner, assignee, participant and outsider rights', async () => {
    const owner = await createUser(t.app);
    const assignee = await createUser(t.app);
    const participant = await createUser(t.app);
    const outsider = await createUser(t.app);
    await group(owner, assignee);
    await group(owner, participant);
    await call(owner, 'POST', '/api/projects', { name: 'Launch' });
    const set = await call(owner, 'POST', '/api/projects/Launch/participants', {
      participants: [assignee.email, participant.email],
    });
    expect(set.statusCode, set.body).toBe(200);
    const task = await createTask(owner, { title: 'Ship', project: 'Launch', assign_to: assignee.email });
    expect(task.assign_to).toBe(assignee.email);

    // The assignee may change the status only.
    const done = await call(assignee, 'PUT', `/api/tasks/${task.id}`, { status: 'completed' });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ status: 'completed', completed_at: now.toISOString() });
    expect((await call(assignee, 'PUT', `/api/tasks/${task.id}`, { title: 'Mine now' })).statusCode).toBe(
      403,
    );
    expect((await call(assignee, 'DELETE', `/api/tasks/${task.id}`)).statusCode).toBe(403);
    // Other participants read only.
    expect((await call(participant, 'GET', `/api/tasks/${task.id}`)).json().can_edit).toBe(false);
    expect((await call(participant, 'PUT', `/api/tasks/${task.id}`, { status: 'todo' })).statusCode).toBe(
      403,
    );
    // Outsiders see nothing.
    for (const [method, payload] of [['GET'], ['PUT', { status: 'todo' }], ['DELETE']] as const)
      expect((await call(outsider, method, `/api/tasks/${task.id}`, payload)).statusCode).toBe(404);
    expect(await projectsOf(outsider)).toEqual({});
    // A participant's own task in the owner's project can be edited by the project owner.
    const theirs = await createTask(participant, { title: 'Theirs', project: 'Launch' });
    expect((await call(owner, 'PUT', `/api/tasks/${theirs.id}`, { priority: 'high' })).json().priority).toBe(
      'high',
    );
    expect((await call(owner, 'DELETE', `/api/tasks/${task.id}`)).statusCode).toBe(200);
  });

  it('requires the assignee to be a participant, notifies them, and unassigns them when they leave', async () => {
    const owner = await createUser(t.app);
    const member = await createUser(t.app);
    const stranger = await createUser(t.app);
    await group(owner, member);
    await call(owner, 'POST', '/api/projects', { name: 'Board' });
    const refused = await call(owner, 'POST', '/api/tasks', {
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
      (await call(owner, 'POST', '/api/projects/Board/participants', { participants: [stranger.email] }))
        .statusCode,
    ).toBe(400);
    await call(owner, 'POST', '/api/projects/Board/participants', { participants: [member.email] });
    const assignable = (await call(owner, 'GET', '/api/tasks/assignable-users?project=Board')).json().users;
    expect(assignable.map((user: { email: string }) => user.email).sort()).toEqual(
      [member.email, owner.email].sort(),
    );
    const task = await createTask(owner, { title: 'Review', project: 'Board', assign_to: member.email });
    const notes = (await call(member, 'GET', '/api/notifications')).json().notifications;
    expect(notes[0]).toMatchObject({
      notification_type: 'task_assigned',
      subject_type: 'task',
      subject_id: task.id,
    });
    expect((await projectsOf(member)).Board.map((item) => item.title)).toEqual(['Review']);

    await call(owner, 'POST', '/api/projects/Board/participants', { participants: [] });
    expect((await call(owner, 'GET', `/api/tasks/${task.id}`)).json().assign_to).toBeNull();
    expect(await projectsOf(member)).toEqual({});
    expect(
      (await call(member, 'POST', '/api/projects/Board/participants', { participants: [] })).statusCode,
    ).toBe(404);
  });
});

describe('participants leaving, shared names, edits and notifications', () => {
  const notesOf = async (who: TestUser) =>
    (await call(who, 'GET', '/api/notifications')).json().notifications as {
      notification_type: string;
      subject_id: number | null;
    }[];

  it('a removed participant loses the project: open tasks unassigned, done ones hidden and not reopenable', async () => {
    const owner = await createUser(t.app);
    const member = await createUser(t.app);
    await group(owner, member);
    await call(owner, 'POST', '/api/projects', { name: 'Board' });
    await call(owner, 'POST', '/api/projects/Board/participants', { participants: [member.email] });
    const open = await createTask(owner, { title: 'Open', project: 'Board', assign_to: member.email });
    const done = await createTask(owner, { title: 'Done', project: 'Board', assign_to: member.email });
    expect((await call(member, 'PUT', `/api/tasks/${done.id}`, { status: 'completed' })).statusCode).toBe(
      200,
    );
    const mine = await createTask(member, { title: 'Mine', project: 'Board' });
    expect(mine.project_id).toBe(open.project_id);

    await call(owner, 'POST', '/api/projects/Board/participants', { participants: [] });

    // Only the task they own is left in their list; the completed one is gone too.
    const left = await projectsOf(member, '?status=todo,in_progress,completed,cancelled');
    expect(Object.keys(left)).toEqual(['Board']);
    expect(left.Board.map((task) => task.title)).toEqual(['Mine']);
    for (const task of [open, done]) {
      expect((await call(member, 'GET', `/api/tasks/${task.id}`)).statusCode).toBe(404);
      expect((await call(member, 'PUT', `/api/tasks/${task.id}`, { status: 'todo' })).statusCode).toBe(404);
    }
    expect((await call(member, 'GET', '/api/tasks/open-count')).json()).toEqual({ count: 1 });
    // The owner sees the open task unassigned, and the completed one still credited to the member.
    expect((await call(owner, 'GET', `/api/tasks/${open.id}`)).json().assign_to).toBeNull();
    expect((await call(owner, 'GET', `/api/tasks/${done.id}`)).json()).toMatchObject({
      status: 'completed',
      assign_to: member.email,
    });
    // Taken back in, they see the project's tasks again.
    await call(owner, 'POST', '/api/projects/Board/participants', { participants: [member.email] });
    expect((await call(member, 'PUT', `/api/tasks/${done.id}`, { status: 'todo' })).statusCode).toBe(200);
  });

  it("lists the caller's own project where two visible projects share a name, without the other's tasks", async () => {
    const ada = await createUser(t.app);
    const ben = await createUser(t.app);
    await group(ada, ben);
    await createTask(ada, { title: "Ada's task", project: 'Launch' });
    await call(ada, 'POST', '/api/projects/Launch/participants', { participants: [ben.email] });
    expect((await call(ben, 'POST', '/api/projects', { name: 'Launch' })).statusCode).toBe(201);
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
    await call(owner, 'POST', '/api/projects', { name: 'Site' });
    await call(owner, 'POST', '/api/projects/Site/participants', { participants: [member.email] });
    const task = await createTask(member, { title: 'Draft copy', project: 'Site' });
    expect(task.can_edit).toBe(true);
    const edited = await call(member, 'PUT', `/api/tasks/${task.id}`, {
      title: 'Final copy',
      priority: 'high',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ title: 'Final copy', priority: 'high' });
    expect((await projectsOf(owner)).Site.map((item) => item.title)).toEqual(['Final copy']);

    expect((await call(member, 'DELETE', `/api/tasks/${task.id}`)).statusCode).toBe(200);
    expect((await projectsOf(member)).Site).toEqual([]);
    expect((await projectsOf(owner)).Site).toEqual([]);
    expect((await call(owner, 'GET', `/api/tasks/${task.id}`)).statusCode).toBe(404);
    expect((await call(member, 'DELETE', `/api/tasks/${task.id}`)).statusCode).toBe(404);
  });

  it('notifies a new assignee on reassignment, and nobody when assigning yourself', async () => {
    const owner = await createUser(t.app);
    const first = await createUser(t.app);
    const second = await createUser(t.app);
    await group(owner, first);
    await group(owner, second);
    await call(owner, 'POST', '/api/projects', { name: 'Ops' });
    await call(owner, 'POST', '/api/projects/Ops/participants', {
      participants: [first.email, second.email],
    });
    const mine = await createTask(owner, { title: 'Self', project: 'Ops', assign_to: owner.email });
    expect(mine.assign_to).toBe(owner.email);
    const task = await createTask(owner, { title: 'Rotate keys', project: 'Ops', assign_to: first.email });
    expect((await notesOf(second)).filter((n) => n.notification_type === 'task_assigned')).toEqual([]);

    const moved = await call(owner, 'PUT', `/api/tasks/${task.id}`, { assign_to: second.email });
    expect(moved.json().assign_to).toBe(second.email);
    const received = (await notesOf(second)).filter((n) => n.notification_type === 'task_assigned');
    expect(received.map((n) => n.subject_id)).toEqual([task.id]);
    expect((await notesOf(first)).filter((n) => n.notification_type === 'task_assigned')).toHaveLength(1);
    // Saving again without a change notifies nobody again.
    await call(owner, 'PUT', `/api/tasks/${task.id}`, { title: 'Rotate all keys', assign_to: second.email });
    expect((await notesOf(second)).filter((n) => n.notification_type === 'task_assigned')).toHaveLength(1);

    await call(owner, 'PUT', `/api/tasks/${task.id}`, { assign_to: owner.email });
    expect((await notesOf(owner)).filter((n) => n.notification_type === 'task_assigned')).toEqual([]);
  });

  it("offers the caller's group without a project: approved members and the caller, not pending ones", async () => {
    const owner = await createUser(t.app);
    const approved = await createUser(t.app);
    const pending = await createUser(t.app);
    await createUser(t.app);
    await group(owner, approved);
    await call(owner, 'POST', '/api/user-group', { email: pending.email, name: 'Pending' });
    const response = await call(owner, 'GET', '/api/tasks/assignable-users');
    expect(response.statusCode).toBe(200);
    expect(
      response
        .json()
        .users.map((user: { email: string }) => user.email)
        .sort(),
    ).toEqual([owner.email, approved.email].sort());
    expect((await call(owner, 'GET', '/api/tasks/assignable-users?project=Nope')).statusCode).toBe(404);
  });

  it('a full update changes every field', async () => {
    const owner = await createUser(t.app);
    const member = await createUser(t.app);
    await group(owner, member);
    const task = await createTask(owner, { title: 'Old', project: 'Before' });
    await call(owner, 'POST', '/api/projects', { name: 'After' });
    await call(owner, 'POST', '/api/projects/After/participants', { participants: [member.email] });
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
    const response = await call(owner, 'PUT', `/api/tasks/${task.id}`, body);
    expect(response.statusCode, response.body).toBe(200);
    const expected = {
      ...body,
      scheduled_date: '2026-12-01T08:00:00.000Z',
      due_date: '2026-12-05T17:00:00.000Z',
      is_scheduled: true,
    };
    expect(response.json()).toMatchObject(expected);
    expect((await call(owner, 'GET', `/api/tasks/${task.id}`)).json()).toMatchObject(expected);
    const after = await projectsOf(owner, '?include_scheduled=true');
    expect(after.Before).toEqual([]);
    expect(after.After.map((item) => item.id)).toEqual([task.id]);

    const cleared = await call(owner, 'PUT', `/api/tasks/${task.id}`, {
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
