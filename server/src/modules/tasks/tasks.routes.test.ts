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
