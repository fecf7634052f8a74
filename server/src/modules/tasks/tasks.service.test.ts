import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestApp } from '../../../test/test-app';
import type { AuthUser } from '../../lib/auth-user';
import type { TasksService } from './tasks.service';

let t: TestApp;
let tasks: TasksService;
let now = new Date('2026-11-23T12:00:00Z');

beforeAll(async () => {
  t = await createTestApp({ clock: () => now });
  tasks = t.app.services.tasks;
  await createUser(t.app);
});
afterAll(() => t.close());

async function account(): Promise<AuthUser> {
  const { id } = await createUser(t.app);
  return (await t.app.services.users.get(id))!;
}

/** `owner` invites `member`, who accepts: each is an approved member of the other's group. */
async function team(owner: AuthUser, member: AuthUser) {
  const { member: invitation } = await t.app.services.groups.invite(owner, {
    email: member.email,
    name: 'Member',
  });
  await t.app.services.groups.approve(member, invitation.id, 'Owner');
}

describe('TasksService rules', () => {
  it('lets an assignee change the status only, and the project owner anything', async () => {
    const owner = await account();
    const member = await account();
    await team(owner, member);
    await tasks.createProject(owner, 'Launch');
    await tasks.setParticipants(owner, 'Launch', [member.email]);
    const task = await tasks.create(owner, { title: 'Draft', project: 'Launch', assign_to: member.email });

    expect(task).toMatchObject({ can_edit: true, assign_to: member.email });
    expect((await tasks.get(member, task.id)).can_edit).toBe(false);
    await expect(tasks.update(member, task.id, { title: 'Renamed' })).rejects.toMatchObject({ status: 403 });
    expect((await tasks.update(member, task.id, { status: 'completed' })).status).toBe('completed');
    await expect(tasks.delete(member, task.id)).rejects.toMatchObject({ status: 403 });
    expect((await tasks.get(owner, task.id)).title).toBe('Draft');

    await tasks.delete(owner, task.id);
    await expect(tasks.get(owner, task.id)).rejects.toMatchObject({ status: 404 });
  });

  it('refuses an assignee outside the project, naming assign_to, and creates neither task nor project', async () => {
    const owner = await account();
    const outsider = await account();
    await expect(
      tasks.create(owner, { title: 'Secret', project: 'Solo', assign_to: outsider.email }),
    ).rejects.toMatchObject({ status: 400, details: [{ field: 'assign_to' }] });
    expect(await tasks.list(owner, { include_scheduled: true })).toEqual({});
  });

  it('leaves tasks scheduled for later out of the list until their date, or when asked for them', async () => {
    const owner = await account();
    await tasks.create(owner, { title: 'Now', project: 'Plan' });
    await tasks.create(owner, { title: 'Later', project: 'Plan', scheduled_date: '2026-12-01T09:00:00Z' });
    const titles = async (include_scheduled: boolean) =>
      (await tasks.list(owner, { include_scheduled })).Plan.map((task) => task.title);

    expect(await titles(false)).toEqual(['Now']);
    expect(await titles(true)).toEqual(expect.arrayContaining(['Now', 'Later']));
    now = new Date('2026-12-02T00:00:00Z');
    expect(await titles(false)).toEqual(expect.arrayContaining(['Now', 'Later']));
  });

  it('takes a removed participant off the open tasks they were assigned', async () => {
    const owner = await account();
    const member = await account();
    await team(owner, member);
    await tasks.createProject(owner, 'Ops');
    await tasks.setParticipants(owner, 'Ops', [member.email]);
    const task = await tasks.create(owner, { title: 'Rota', project: 'Ops', assign_to: member.email });

    await tasks.setParticipants(owner, 'Ops', []);
    expect((await tasks.get(owner, task.id)).assign_to).toBeNull();
    await expect(tasks.get(member, task.id)).rejects.toMatchObject({ status: 404 });
  });
});
