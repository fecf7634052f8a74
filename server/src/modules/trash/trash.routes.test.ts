import type { Person, PersonBody, TrashResponse } from '@relate/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestApp, type TestUser } from '../../../test/test-app';

const DAY_MS = 86_400_000;
let offset = 0;
const clock = () => new Date(Date.now() + offset);

let t: TestApp;
let owner: TestUser;
let stranger: TestUser;

beforeAll(async () => {
  t = await createTestApp({ clock, env: { TRASH_DAYS: '7' } });
  owner = await createUser(t.app);
  stranger = await createUser(t.app);
});
afterAll(() => t.close());

async function create(user: TestUser, body: PersonBody): Promise<Person> {
  const response = await t.as(user).post('/api/people', body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

async function trashOf(user: TestUser, query = ''): Promise<TrashResponse> {
  const response = await t.as(user).get(`/api/trash?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function emptyTrash(user: TestUser) {
  expect((await t.as(user).delete('/api/trash', { confirm: true })).statusCode).toBe(200);
}

const peopleOf = async (user: TestUser) =>
  (await t.as(user).get('/api/people?page_size=500')).json() as { people: Person[]; total: number };

describe('deleting a contact moves it to the Trash', () => {
  it('is gone from the list, the contact, search and export, listed in the Trash, and restored whole', async () => {
    await emptyTrash(owner);
    const ada = await create(owner, {
      first_name: 'Ada',
      last_name: 'Trashworthy',
      email: 'ada@trash.example',
      tags: 'vip',
      custom_fields: { Team: 'Engines' },
    });
    const deleted = await t.as(owner).delete(`/api/people/${ada.id}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    const { trash_batch: batch, ...rest } = deleted.json();
    expect(rest).toEqual({ message: 'Contact deleted', deleted: 1 });
    expect(batch).toMatch(/^[0-9a-f-]{36}$/);

    expect((await t.as(owner).get(`/api/people/${ada.id}`)).statusCode).toBe(404);
    expect((await peopleOf(owner)).people.map((person) => person.id)).not.toContain(ada.id);
    expect((await t.as(owner).get('/api/people?q=trashworthy')).json().total).toBe(0);
    expect((await t.as(owner).get('/api/search?q=Trashworthy')).body).not.toContain('Trashworthy');
    expect((await t.as(owner).get('/api/people/export')).body).not.toContain('Trashworthy');

    const trash = await trashOf(owner);
    expect(trash).toMatchObject({ total: 1, counts: { contact: 1 }, trash_days: 7 });
    expect(trash.items[0]).toMatchObject({
      kind: 'contact',
      item_id: ada.id,
      label: 'Ada Trashworthy',
      batch,
    });
    expect(Date.parse(trash.items[0].purge_at) - Date.parse(trash.items[0].deleted_at)).toBe(7 * DAY_MS);

    const restored = await t.as(owner).post('/api/trash/restore', { batch });
    expect(restored.json()).toEqual({ count: 1 });
    expect((await t.as(owner).get(`/api/people/${ada.id}`)).json()).toEqual(ada);
    expect((await t.as(owner).get('/api/people?q=trashworthy')).json().total).toBe(1);
    expect((await trashOf(owner)).total).toBe(0);
    // A second restore of the same batch finds nothing.
    expect((await t.as(owner).post('/api/trash/restore', { batch })).statusCode).toBe(404);
  });

  it('keeps its timeline while in the Trash and after a restore; deleting it for good removes the timeline', async () => {
    const ada = await create(owner, { first_name: 'Ada', last_name: 'Noted' });
    const note = await t
      .as(owner)
      .post(`/api/people/${ada.id}/notes`, { body: 'Met at the **Analytical** society' });
    expect(note.statusCode, note.body).toBe(201);
    const timelineOf = async () => (await t.as(owner).get(`/api/people/${ada.id}/timeline`)).json();
    const before = await timelineOf();

    const deleted = (await t.as(owner).delete(`/api/people/${ada.id}`)).json();
    await t.as(owner).post('/api/trash/restore', { batch: deleted.trash_batch });
    expect(await timelineOf()).toEqual(before);

    const again = (await t.as(owner).delete(`/api/people/${ada.id}`)).json();
    const item = (await trashOf(owner, 'kind=contact')).items.find(
      (entry) => entry.batch === again.trash_batch,
    )!;
    await t.as(owner).post('/api/trash/delete', { ids: [item.id] });
    const left = await t.database.db.execute(
      sql`select count(*)::int as n from activities where contact_id = ${ada.id}`,
    );
    expect((left as unknown as { rows: { n: number }[] }).rows[0].n).toBe(0);
  });

  it('"Delete all" is one batch that one Undo restores, and the counts follow', async () => {
    await t.as(owner).delete('/api/people', { confirm: true });
    await emptyTrash(owner);
    for (const name of ['One', 'Two', 'Three']) await create(owner, { first_name: name, last_name: 'Bulk' });
    const all = await t.as(owner).delete('/api/people', { confirm: true });
    expect(all.json()).toMatchObject({ deleted: 3 });
    expect((await peopleOf(owner)).total).toBe(0);
    expect((await trashOf(owner)).counts.contact).toBe(3);
    const restored = await t.as(owner).post('/api/trash/restore', { batch: all.json().trash_batch });
    expect(restored.json()).toEqual({ count: 3 });
    expect((await peopleOf(owner)).total).toBe(3);
    // Nothing to delete: no batch.
    await t.as(owner).delete('/api/people', { confirm: true });
    expect((await t.as(stranger).delete('/api/people', { confirm: true })).json()).toEqual({
      deleted: 0,
      trash_batch: null,
    });
  });

  it('duplicates: "Keep This" and auto-merge move the others to the Trash', async () => {
    await emptyTrash(owner);
    await t.as(owner).delete('/api/people', { confirm: true });
    const [keep, other] = [
      await create(owner, { first_name: 'Grace', last_name: 'Twin', email: 'a@twin.example' }),
      await create(owner, { first_name: 'Grace', last_name: 'Twin', email: 'b@twin.example' }),
    ];
    const resolved = await t.as(owner).post('/api/people/duplicates/resolve', {
      keep_id: keep.id,
      delete_ids: [other.id],
    });
    expect(resolved.json()).toMatchObject({ deleted: 1 });
    await create(owner, { first_name: 'Alan', last_name: 'Same' });
    await create(owner, { first_name: 'Alan', last_name: 'Same' });
    const merged = (await t.as(owner).post('/api/people/duplicates/auto-merge')).json();
    expect(merged).toMatchObject({ merged_groups: 1, deleted: 1 });
    expect((await trashOf(owner)).items.map((item) => item.label).sort()).toEqual([
      'Alan Same',
      'Grace Twin',
    ]);
    await t.as(owner).post('/api/trash/restore', { batch: resolved.json().trash_batch });
    expect((await peopleOf(owner)).people.map((person) => person.id)).toContain(other.id);
  });

  it('restores chosen items by id, deletes others for good, and empties', async () => {
    await emptyTrash(owner);
    const ids: number[] = [];
    for (const name of ['Keep', 'Forget', 'Empty']) {
      const person = await create(owner, { first_name: name, last_name: 'Chosen' });
      ids.push(person.id);
      await t.as(owner).delete(`/api/people/${person.id}`);
    }
    const items = (await trashOf(owner)).items;
    const itemOf = (id: number) => items.find((item) => item.item_id === id)!.id;
    expect((await t.as(owner).post('/api/trash/restore', { ids: [itemOf(ids[0])] })).json()).toEqual({
      count: 1,
    });
    expect((await t.as(owner).post('/api/trash/delete', { ids: [itemOf(ids[1])] })).json()).toEqual({
      count: 1,
    });
    expect((await trashOf(owner)).items.map((item) => item.item_id)).toEqual([ids[2]]);
    expect((await t.as(owner).delete('/api/trash', { confirm: true })).json()).toEqual({ count: 1 });
    expect((await trashOf(owner)).total).toBe(0);
    expect((await t.as(owner).get(`/api/people/${ids[0]}`)).statusCode).toBe(200);
    for (const id of ids.slice(1)) expect((await t.as(owner).get(`/api/people/${id}`)).statusCode).toBe(404);
  });

  it('refuses a body that names neither ids nor a batch, or both, with the field', async () => {
    for (const body of [{}, { ids: [] }, { ids: [1], batch: '00000000-0000-4000-8000-000000000000' }]) {
      const response = await t.as(owner).post('/api/trash/restore', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().details[0].field).toBe('ids');
    }
    expect((await t.as(owner).post('/api/trash/restore', { batch: 'nope' })).json().details[0].field).toBe(
      'batch',
    );
    expect((await t.as(owner).get('/api/trash?kind=planet')).json().details[0].field).toBe('kind');
    expect((await t.as(owner).delete('/api/trash', {})).statusCode).toBe(400);
  });
});

describe("another user's Trash", () => {
  it('cannot be seen, restored, deleted for good or emptied', async () => {
    await emptyTrash(owner);
    const secret = await create(owner, { first_name: 'Secret', last_name: 'Owner' });
    const batch = (await t.as(owner).delete(`/api/people/${secret.id}`)).json().trash_batch;
    const [item] = (await trashOf(owner)).items;

    expect((await trashOf(stranger)).items).toEqual([]);
    expect((await t.as(stranger).post('/api/trash/restore', { batch })).statusCode).toBe(404);
    expect((await t.as(stranger).post('/api/trash/restore', { ids: [item.id] })).statusCode).toBe(404);
    expect((await t.as(stranger).post('/api/trash/delete', { batch })).statusCode).toBe(404);
    expect((await t.as(stranger).post('/api/trash/delete', { ids: [item.id] })).statusCode).toBe(404);
    expect((await t.as(stranger).delete('/api/trash', { confirm: true })).json()).toEqual({ count: 0 });
    expect((await peopleOf(stranger)).total).toBe(0);

    expect((await trashOf(owner)).items).toEqual([item]);
    expect((await t.as(owner).post('/api/trash/restore', { ids: [item.id] })).json()).toEqual({ count: 1 });
    expect((await t.as(owner).get(`/api/people/${secret.id}`)).statusCode).toBe(200);
  });
});

describe('the purge job', () => {
  it('deletes for good what has been in the Trash for TRASH_DAYS, and nothing younger', async () => {
    await emptyTrash(owner);
    const old = await create(owner, { first_name: 'Old', last_name: 'Purged' });
    await t.as(owner).delete(`/api/people/${old.id}`);
    const young = await create(owner, { first_name: 'Young', last_name: 'Kept' });
    await t.as(owner).delete(`/api/people/${young.id}`);
    // Deleted three days later (the clock would expire the test's sign-in).
    await t.database.db.execute(
      sql`update trash_items set deleted_at = deleted_at + interval '3 days' where item_id = ${young.id}`,
    );
    const trashed = async () =>
      (
        (await t.database.db.execute(
          sql`select item_id from trash_items where user_id = ${owner.id} order by item_id`,
        )) as unknown as { rows: { item_id: number }[] }
      ).rows.map((row) => row.item_id);
    try {
      offset = 7 * DAY_MS - 60_000;
      await t.app.services.jobs.runDue(50);
      expect(await trashed()).toEqual([old.id, young.id]);
      // The job runs hourly.
      offset = 7 * DAY_MS + 2 * 3_600_000;
      await t.app.services.jobs.runDue(50);
      expect(await trashed()).toEqual([young.id]);
    } finally {
      offset = 0;
    }
    expect(
      (await t.as(owner).post('/api/trash/restore', { ids: [(await trashOf(owner)).items[0].id] })).json(),
    ).toEqual({
      count: 1,
    });
    expect((await t.as(owner).get(`/api/people/${old.id}`)).statusCode).toBe(404);
  });
});

describe('deleting a company moves it to the Trash', () => {
  it('is gone from the directory and its search, listed by kind, and restored whole', async () => {
    await emptyTrash(owner);
    const created = await t.as(owner).post('/api/companies', {
      record: 'Trashable Works',
      tags: ['supplier', 'eu'],
      domains: ['trashable.example'],
      twitter_follower_count: 12,
    });
    expect(created.statusCode, created.body).toBe(201);
    const company = created.json();
    const deleted = await t.as(owner).delete(`/api/companies/${company.id}`);
    expect(deleted.json()).toMatchObject({ message: 'Company deleted successfully', deleted: 1 });
    expect((await t.as(owner).get(`/api/companies/${company.id}`)).statusCode).toBe(404);
    expect((await t.as(owner).get('/api/companies?search=Trashable')).json().companies).toEqual([]);
    expect((await t.as(owner).get('/api/search?q=Trashable')).body).not.toContain('Trashable');

    const trash = await trashOf(owner, 'kind=company');
    expect(trash).toMatchObject({ total: 1, counts: { contact: 0, company: 1 } });
    expect(trash.items[0]).toMatchObject({ kind: 'company', item_id: company.id, label: 'Trashable Works' });
    expect((await trashOf(owner, 'kind=contact')).items).toEqual([]);
    expect(
      (await t.as(stranger).post('/api/trash/restore', { batch: deleted.json().trash_batch })).statusCode,
    ).toBe(404);

    expect(
      (await t.as(owner).post('/api/trash/restore', { batch: deleted.json().trash_batch })).json(),
    ).toEqual({
      count: 1,
    });
    expect((await t.as(owner).get(`/api/companies/${company.id}`)).json()).toEqual(company);
  });

  it('restoring a company links its people again; a contact restored after its company is gone keeps only the name', async () => {
    await emptyTrash(owner);
    const company = (await t.as(owner).post('/api/companies', { record: 'Lovelace Analytics Ltd' })).json();
    const ada = await create(owner, { first_name: 'Ada', last_name: 'Linked', company_id: company.id });
    expect(ada.company_id).toBe(company.id);

    const deleted = (await t.as(owner).delete(`/api/companies/${company.id}`)).json();
    expect((await t.as(owner).get(`/api/people/${ada.id}`)).json().company_id).toBeNull();
    await t.as(owner).post('/api/trash/restore', { batch: deleted.trash_batch });
    expect((await t.as(owner).get(`/api/people/${ada.id}`)).json()).toMatchObject({
      company_id: company.id,
      organization: 'Lovelace Analytics Ltd',
    });

    // The contact goes to the Trash, then its company, which is then deleted for good.
    const contactGone = (await t.as(owner).delete(`/api/people/${ada.id}`)).json();
    await t.as(owner).delete(`/api/companies/${company.id}`);
    const companyItem = (await trashOf(owner, 'kind=company')).items[0];
    await t.as(owner).post('/api/trash/delete', { ids: [companyItem.id] });
    const restored = await t.as(owner).post('/api/trash/restore', { batch: contactGone.trash_batch });
    expect(restored.statusCode, restored.body).toBe(200);
    expect((await t.as(owner).get(`/api/people/${ada.id}`)).json()).toMatchObject({
      company_id: null,
      organization: 'Lovelace Analytics Ltd',
    });
  });

  it('"Delete All Companies" and the duplicates review move them as one batch each', async () => {
    await t.as(owner).delete('/api/companies', { confirm: true });
    await emptyTrash(owner);
    for (const record of ['Acme', 'Acme', 'Globex']) await t.as(owner).post('/api/companies', { record });
    const merged = (await t.as(owner).post('/api/companies/duplicates/auto-merge')).json();
    expect(merged).toMatchObject({ merged_groups: 1, deleted: 1 });
    const all = (await t.as(owner).delete('/api/companies', { confirm: true })).json();
    expect(all).toMatchObject({ deleted: 2 });
    expect((await trashOf(owner, 'kind=company')).total).toBe(3);
    await t.as(owner).post('/api/trash/restore', { batch: all.trash_batch });
    expect(
      (await t.as(owner).get('/api/companies'))
        .json()
        .companies.map((c: { record: string }) => c.record)
        .sort(),
    ).toEqual(['Acme', 'Globex']);
  });
});

describe('deleting a task moves it to the Trash', () => {
  it('is gone from the tasks and search, listed, out of reach of another user, and restored whole', async () => {
    await emptyTrash(owner);
    const created = await t.as(owner).post('/api/tasks', {
      title: 'Trashable report',
      project: 'Trash project',
      priority: 'high',
      description: 'Quarterly numbers',
    });
    expect(created.statusCode, created.body).toBe(201);
    const task = created.json();
    const tasksOf = async () =>
      Object.values(
        (await t.as(owner).get('/api/tasks')).json().projects as Record<string, { id: number }[]>,
      ).flat();

    const deleted = await t.as(owner).delete(`/api/tasks/${task.id}`);
    expect(deleted.json()).toMatchObject({ message: 'Task deleted', deleted: 1 });
    expect((await tasksOf()).map((each) => each.id)).not.toContain(task.id);
    expect((await t.as(owner).get('/api/search?q=Trashable')).body).not.toContain('Trashable report');
    expect((await trashOf(owner, 'kind=task')).items[0]).toMatchObject({
      kind: 'task',
      item_id: task.id,
      label: 'Trashable report',
    });
    expect((await t.as(stranger).delete(`/api/tasks/${task.id}`)).statusCode).toBe(404);
    const batch = deleted.json().trash_batch;
    expect((await t.as(stranger).post('/api/trash/restore', { batch })).statusCode).toBe(404);

    expect((await t.as(owner).post('/api/trash/restore', { batch })).json()).toEqual({ count: 1 });
    expect((await tasksOf()).find((each) => each.id === task.id)).toEqual(task);
  });
});

describe("a project owner deleting a participant's task", () => {
  it("puts it in the project owner's Trash, not the task owner's, and restores it to its owner", async () => {
    const lead = await createUser(t.app);
    const member = await createUser(t.app);
    const invitation = (await t.as(lead).post('/api/user-group', { email: member.email, name: 'M' })).json()
      .data.id;
    await t
      .as(member)
      .post('/api/user-group/approve-invitation', { invitation_id: invitation, display_name: 'L' });
    await t.as(lead).post('/api/projects', { name: 'Shared' });
    await t.as(lead).post('/api/projects/Shared/participants', { participants: [member.email] });
    const created = await t.as(member).post('/api/tasks', { title: 'Member task', project: 'Shared' });
    expect(created.statusCode, created.body).toBe(201);
    const task = created.json();

    const deleted = await t.as(lead).delete(`/api/tasks/${task.id}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await trashOf(member)).items).toEqual([]);
    expect((await trashOf(lead)).items.map((item) => item.label)).toEqual(['Member task']);
    expect(
      (await t.as(member).post('/api/trash/restore', { batch: deleted.json().trash_batch })).statusCode,
    ).toBe(404);
    await t.as(lead).post('/api/trash/restore', { batch: deleted.json().trash_batch });
    expect((await t.as(member).get(`/api/tasks/${task.id}`)).json()).toMatchObject({
      title: 'Member task',
      can_edit: true,
    });
  });
});
