import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart } from '../../../test/multipart';
import { createTestApp, createUser, type TestApp, type TestUser } from '../../../test/test-app';
import { ActivityRepository } from './activity.repository';

let t: TestApp;
let ann: TestUser;
let ben: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  await createUser(t.app); // the first account is the administrator
  ann = await createUser(t.app, { fullName: 'Ann Owner' });
  ben = await createUser(t.app, { fullName: 'Ben Member' });
  // Ben is an approved member of Ann's group.
  const invitation = (await t.as(ann).post('/api/user-group', { email: ben.email, name: 'Ben' })).json().data
    .id;
  const accepted = await t.as(ben).post('/api/user-group/approve-invitation', {
    invitation_id: invitation,
    display_name: 'Ann',
  });
  expect(accepted.statusCode, accepted.body).toBe(200);
});
afterAll(() => t.close());

const contactOf = async (who: TestUser, body: object = { first_name: 'Grace', last_name: 'Hopper' }) => {
  const response = await t.as(who).post('/api/people', body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: number; last_contact_date: string | null };
};
const timelineOf = async (who: TestUser, url: string) => {
  const response = await t.as(who).get(`${url}/timeline`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as {
    entries: { id: number; type: string; body: string | null; changes: object[]; detail: string | null }[];
    next_cursor: string | null;
  };
};

describe('POST /api/people/:id/interactions', () => {
  it('logs a call on the timeline and moves last_contact_date when it is later', async () => {
    const contact = await contactOf(ann);
    const logged = await t.as(ann).post(`/api/people/${contact.id}/interactions`, {
      kind: 'call',
      date: '2026-11-20T15:30:00Z',
      duration_minutes: 25,
      summary: 'Talked about the compiler',
    });
    expect(logged.statusCode, logged.body).toBe(201);
    expect(logged.json()).toMatchObject({
      type: 'interaction',
      interaction_kind: 'call',
      duration_minutes: 25,
      body: 'Talked about the compiler',
      occurred_at: '2026-11-20T15:30:00.000Z',
      actor_name: 'Ann Owner',
      can_edit: false,
    });
    expect((await t.as(ann).get(`/api/people/${contact.id}`)).json().last_contact_date).toBe(
      '2026-11-20T15:30:00.000Z',
    );

    // An earlier interaction is on the timeline but leaves last_contact_date where it is.
    const earlier = await t.as(ann).post(`/api/people/${contact.id}/interactions`, {
      kind: 'email',
      date: '2026-11-01',
    });
    expect(earlier.statusCode, earlier.body).toBe(201);
    expect((await t.as(ann).get(`/api/people/${contact.id}`)).json().last_contact_date).toBe(
      '2026-11-20T15:30:00.000Z',
    );
    const { entries } = await timelineOf(ann, `/api/people/${contact.id}`);
    expect(entries.map((entry) => entry.type)).toEqual(['created', 'interaction', 'interaction']);
  });

  it('answers 400 naming the field for bad input', async () => {
    const contact = await contactOf(ann);
    for (const [body, field] of [
      [{ kind: 'fax', date: '2026-11-20' }, 'kind'],
      [{ kind: 'call', date: 'yesterday' }, 'date'],
      [{ kind: 'call', date: '2026-11-20', duration_minutes: -5 }, 'duration_minutes'],
      [{ kind: 'call', date: '2026-11-20', summary: 'x'.repeat(5001) }, 'summary'],
    ] as const) {
      const response = await t.as(ann).post(`/api/people/${contact.id}/interactions`, body);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().details.map((detail: { field: string }) => detail.field)).toContain(field);
    }
  });

  it('is 404 for a contact the caller cannot see, and logs nothing there', async () => {
    const contact = await contactOf(ann);
    const response = await t
      .as(ben)
      .post(`/api/people/${contact.id}/interactions`, { kind: 'meeting', date: '2026-11-20' });
    expect(response.statusCode).toBe(404);
    expect((await t.as(ann).get(`/api/people/${contact.id}`)).json().last_contact_date).toBeNull();
    expect((await timelineOf(ann, `/api/people/${contact.id}`)).entries).toHaveLength(1);
  });
});

describe('GET /api/people/:id/timeline', () => {
  it('shows field changes with before and after, newest first', async () => {
    const contact = await contactOf(ann, { first_name: 'Alan', job_title: 'Mathematician' });
    const changed = await t
      .as(ann)
      .put(`/api/people/${contact.id}`, { job_title: 'Cryptanalyst', custom_fields: { Team: 'Hut 8' } });
    expect(changed.statusCode, changed.body).toBe(200);
    // Sending the same values again changes nothing, and writes nothing.
    await t.as(ann).put(`/api/people/${contact.id}`, { job_title: 'Cryptanalyst' });
    const { entries } = await timelineOf(ann, `/api/people/${contact.id}`);
    expect(entries.map((entry) => entry.type)).toEqual(['field_change', 'created']);
    expect(entries[0].changes).toEqual([
      { field: 'job_title', before: 'Mathematician', after: 'Cryptanalyst' },
      { field: 'custom_fields.Team', before: null, after: 'Hut 8' },
    ]);
  });

  it('pages with a cursor, newest first, every entry once', async () => {
    const contact = await contactOf(ann);
    for (let day = 1; day <= 5; day++)
      await t
        .as(ann)
        .post(`/api/people/${contact.id}/interactions`, { kind: 'message', date: `2026-10-0${day}` });
    const seen: string[] = [];
    let url = `/api/people/${contact.id}/timeline?limit=2`;
    for (;;) {
      const page = (await t.as(ann).get(url)).json();
      seen.push(...page.entries.map((entry: { occurred_at: string }) => entry.occurred_at));
      if (!page.next_cursor) break;
      url = `/api/people/${contact.id}/timeline?limit=2&cursor=${encodeURIComponent(page.next_cursor)}`;
    }
    expect(seen).toHaveLength(6);
    expect([...seen].sort().reverse()).toEqual(seen);
    expect(new Set(seen).size).toBe(6);
    const bad = await t.as(ann).get(`/api/people/${contact.id}/timeline?cursor=nonsense`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].field).toBe('cursor');
  });

  it('shows an import, a merge and a share', async () => {
    const body = multipart(
      { mapping: JSON.stringify({ 'First Name': 'first_name', Email: 'email' }) },
      {
        name: 'contacts.csv',
        content:
          'First Name,Email\nKatherine,kj@example.com\nKatherine,kj@example.com\nDorothy,dv@example.com\n',
      },
    );
    const imported = await t.app.inject({
      method: 'POST',
      url: '/api/csv/import-with-mapping',
      payload: body.payload,
      headers: { ...ann.headers, ...body.headers },
    });
    expect(imported.statusCode, imported.body).toBe(200);
    const people = (await t.as(ann).get('/api/people?q=Katherine')).json().people as { id: number }[];
    expect(people).toHaveLength(2);
    const [keep, merged] = people.map((person) => person.id).sort((a, b) => a - b);
    await t.as(ann).post(`/api/people/${merged}/notes`, { body: 'Noted on the duplicate' });

    const resolved = await t
      .as(ann)
      .post('/api/people/duplicates/resolve', { keep_id: keep, delete_ids: [merged] });
    expect(resolved.statusCode, resolved.body).toBe(200);
    const shared = await t.as(ann).post('/api/people/share', { user_ids: [ben.id], contact_ids: [keep] });
    expect(shared.statusCode, shared.body).toBe(200);

    const { entries } = await timelineOf(ann, `/api/people/${keep}`);
    expect(entries.map((entry) => [entry.type, entry.detail ?? entry.body])).toEqual([
      ['share', 'Shared with Ben Member'],
      ['merge', 'Merged with 1 duplicate: Katherine'],
      ['note', 'Noted on the duplicate'],
      ['import', 'Imported from a CSV file with 3 contacts'],
    ]);
    const copy = (await t.as(ben).get('/api/people?q=Katherine')).json().people[0];
    const theirs = await timelineOf(ben, `/api/people/${copy.id}`);
    expect(theirs.entries.map((entry) => [entry.type, entry.detail])).toEqual([
      ['share', 'Shared with you by Ann Owner'],
    ]);
    // Undoing the import is refused (a contact was edited), deleting the contact takes its timeline along.
    await t.as(ann).delete(`/api/people/${keep}`);
    expect((await t.as(ann).get(`/api/people/${keep}/timeline`)).statusCode).toBe(404);
  });

  it('is 404 for a contact the caller cannot see', async () => {
    const contact = await contactOf(ann);
    await t.as(ann).post(`/api/people/${contact.id}/notes`, { body: 'Private' });
    const response = await t.as(ben).get(`/api/people/${contact.id}/timeline`);
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('Private');
  });
});

describe('notes', () => {
  it('are created, edited and deleted by their author, on contacts and companies', async () => {
    const contact = await contactOf(ann);
    const created = await t.as(ann).post(`/api/people/${contact.id}/notes`, {
      body: '  Met at **PyCon**.\n\n- likes tea\n- [site](https://example.com)  ',
    });
    expect(created.statusCode, created.body).toBe(201);
    const note = created.json();
    expect(note).toMatchObject({
      type: 'note',
      body: 'Met at **PyCon**.\n\n- likes tea\n- [site](https://example.com)',
      can_edit: true,
      actor_name: 'Ann Owner',
    });
    const edited = await t.as(ann).put(`/api/notes/${note.id}`, { body: 'Met at JSConf.' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().body).toBe('Met at JSConf.');
    expect((await timelineOf(ann, `/api/people/${contact.id}`)).entries[0].body).toBe('Met at JSConf.');
    expect((await t.as(ann).delete(`/api/notes/${note.id}`)).statusCode).toBe(200);
    expect((await timelineOf(ann, `/api/people/${contact.id}`)).entries.map((e) => e.type)).toEqual([
      'created',
    ]);

    const company = (await t.as(ann).post('/api/companies', { record: 'Initech' })).json();
    const onCompany = await t.as(ann).post(`/api/companies/${company.id}/notes`, { body: 'Big account' });
    expect(onCompany.statusCode, onCompany.body).toBe(201);
    await t.as(ann).put(`/api/companies/${company.id}`, { connection_strength: 'strong' });
    const { entries } = await timelineOf(ann, `/api/companies/${company.id}`);
    expect(entries.map((entry) => [entry.type, entry.body, entry.changes])).toEqual([
      ['field_change', null, [{ field: 'connection_strength', before: null, after: 'strong' }]],
      ['note', 'Big account', []],
    ]);
  });

  it('answer 400 naming the body when it is empty', async () => {
    const contact = await contactOf(ann);
    const response = await t.as(ann).post(`/api/people/${contact.id}/notes`, { body: '   ' });
    expect(response.statusCode).toBe(400);
    expect(response.json().details[0].field).toBe('body');
  });

  it('cannot be read, changed or deleted by a user who cannot see the contact', async () => {
    const contact = await contactOf(ann);
    const note = (await t.as(ann).post(`/api/people/${contact.id}/notes`, { body: 'Mine' })).json();
    expect((await t.as(ben).put(`/api/notes/${note.id}`, { body: 'Theirs' })).statusCode).toBe(404);
    expect((await t.as(ben).delete(`/api/notes/${note.id}`)).statusCode).toBe(404);
    expect((await t.as(ben).post(`/api/people/${contact.id}/notes`, { body: 'x' })).statusCode).toBe(404);
    expect((await timelineOf(ann, `/api/people/${contact.id}`)).entries[0].body).toBe('Mine');
  });

  it('written by someone else cannot be edited or deleted by a participant who sees them (403)', async () => {
    const contact = await contactOf(ann);
    // A note on Ann's contact written by Ben (as a participant of the contact would write it).
    const [id] = await new ActivityRepository(t.database.db).insertMany([
      { userId: ann.id, contactId: contact.id, type: 'note', actorId: ben.id, body: 'Ben wrote this' },
    ]);
    const entry = (await timelineOf(ann, `/api/people/${contact.id}`)).entries.find((e) => e.id === id);
    expect(entry).toMatchObject({ body: 'Ben wrote this', can_edit: false });
    const edit = await t.as(ann).put(`/api/notes/${id}`, { body: 'Changed' });
    expect(edit.statusCode).toBe(403);
    expect((await t.as(ann).delete(`/api/notes/${id}`)).statusCode).toBe(403);
    expect((await timelineOf(ann, `/api/people/${contact.id}`)).entries[0].body).toBe('Ben wrote this');
  });

  it('notify a mentioned group member once, and nobody else', async () => {
    const contact = await contactOf(ann, { first_name: 'Hedy', last_name: 'Lamarr' });
    const stranger = await createUser(t.app);
    const unread = async (who: TestUser) => (await t.as(who).get('/api/notifications')).json().notifications;
    const before = (await unread(ben)).length;
    const note = (
      await t.as(ann).post(`/api/people/${contact.id}/notes`, {
        body: `Ask @${ben.email} and @${stranger.email} about her patent.`,
      })
    ).json();
    const after = await unread(ben);
    expect(after.length).toBe(before + 1);
    expect(after[0].notification).toBe(
      `Ann Owner mentioned you in a note on Hedy Lamarr: “Ask @${ben.email} and @${stranger.email} about her patent.”`,
    );
    expect(await unread(stranger)).toHaveLength(0);
    // Editing the note does not notify Ben again.
    await t.as(ann).put(`/api/notes/${note.id}`, { body: `Ask @${ben.email} again.` });
    expect(await unread(ben)).toHaveLength(before + 1);
  });
});
