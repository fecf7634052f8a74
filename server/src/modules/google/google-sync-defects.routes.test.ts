import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningFakeGoogle, startFakeGoogle } from '../../../test/fakes/google/server';
import { connectGoogle } from '../../../test/google';
import { multipart } from '../../../test/multipart';
import { createTestApp, createUser, type TestApp, type TestUser } from '../../../test/test-app';

/**
 * Issue 33's defects, each as a user met it over a few days of real use: every test failed on the main
 * of 2026-11-27 and shows the behaviour the user expects instead.
 */
let google: RunningFakeGoogle;
let t: TestApp;
let accounts = 0;

beforeAll(async () => {
  google = await startFakeGoogle();
  t = await createTestApp({
    env: { ...google.env, PUBLIC_URL: 'http://relate.test' },
    google: { retryBaseDelayMs: 1 },
  });
});
afterAll(async () => {
  await t.close();
  await google.close();
});

const fake = () => google.fake;
const rowsOf = async (query: SQL) =>
  ((await t.database.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
const call = (who: TestUser, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: who.headers, payload });
const ok = async (promise: ReturnType<typeof call>, status = 200) => {
  const response = await promise;
  expect(response.statusCode, response.body).toBe(status);
  return response.json();
};

/** The reference calendar (a meeting, an all-day fair, a weekly series with a moved Monday) moved to now. */
const shiftDays = () => Math.round((Date.now() - Date.parse('2024-06-10T00:00:00Z')) / (7 * 86_400_000)) * 7;

async function connectedUser() {
  const sub = `3139436412712076${String(++accounts).padStart(5, '0')}`;
  fake().addAccount({ sub, email: `defects-${accounts}@gmail.example`, name: 'Defect Finder' });
  const user = await createUser(t.app);
  await connectGoogle(t.app, fake(), user, sub);
  return { user, sub };
}

const reviewOf = async (who: TestUser, noun: 'contacts' | 'calendar') =>
  (await ok(call(who, 'GET', `/api/auth/google/${noun}/review`))).items as {
    id: string;
    kind: string;
    changes?: unknown[];
  }[];
/** Applies every item waiting for review, as "Select all" and "Apply" do. */
const applyAll = async (who: TestUser, noun: 'contacts' | 'calendar') => {
  const items = await reviewOf(who, noun);
  expect(items.length).toBeGreaterThan(0);
  return ok(call(who, 'POST', `/api/auth/google/${noun}/apply`, { item_ids: items.map((item) => item.id) }));
};
const eventRows = (who: TestUser) =>
  rowsOf(sql`select title, start_at, series_id is not null as in_series from events
             where owner_id = ${who.id} order by start_at, title`);

describe('issue 33, defect 1: a reconnect', () => {
  it('applies every likely duplicate of a series with a moved occurrence without an error or a copy', async () => {
    const { user, sub } = await connectedUser();
    fake().calendar.addReferenceEvents(sub, shiftDays());
    await ok(call(user, 'GET', '/api/auth/google/calendar'));
    const before = await eventRows(user);
    expect(before.length).toBeGreaterThan(0);

    await ok(call(user, 'POST', '/api/auth/google/clear'));
    await connectGoogle(t.app, fake(), user, sub);
    await ok(call(user, 'GET', '/api/auth/google/calendar?preview=true'));
    const items = await reviewOf(user, 'calendar');
    expect(items.some((item) => item.kind === 'likely_duplicate')).toBe(true);
    await applyAll(user, 'calendar');

    const atGoogle = fake().calendar.listEvents(sub).length;
    await ok(call(user, 'GET', '/api/auth/google/calendar'));
    expect(await eventRows(user)).toEqual(before);
    expect(await reviewOf(user, 'calendar')).toEqual([]);
    expect(fake().calendar.listEvents(sub)).toHaveLength(atGoogle);
  });
});

const importIcs = async (who: TestUser, content: string) => {
  const body = multipart({}, { name: 'relate-events.ics', content, type: 'text/calendar' });
  return ok(
    t.app.inject({
      method: 'POST',
      url: '/api/events/import',
      payload: body.payload,
      headers: { ...who.headers, ...body.headers },
    }),
  );
};
const pushWaiting = async () => {
  while ((await t.app.services.jobs.runDue(50)) > 0);
};

describe('issue 33, defect 2: importing an export of the calendar', () => {
  it('updates the events Relate holds instead of copying them, and Google gets no copies', async () => {
    const { user, sub } = await connectedUser();
    fake().calendar.addReferenceEvents(sub, shiftDays());
    await ok(call(user, 'GET', '/api/auth/google/calendar'));
    const start = new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000 + 7 * 86_400_000);
    await ok(
      call(user, 'POST', '/api/events', {
        title: 'Relate-only planning',
        start_datetime: start.toISOString(),
        end_datetime: new Date(start.getTime() + 3_600_000).toISOString(),
        timezone: 'UTC',
      }),
      201,
    );
    await pushWaiting();
    const before = await eventRows(user);
    const atGoogle = fake().calendar.listEvents(sub).length;

    const exported = await call(user, 'GET', '/api/events/export.ics');
    expect(exported.statusCode).toBe(200);
    const result = await importIcs(user, exported.body);
    expect(result).toMatchObject({ imported: 0, updated: before.filter((row) => !row.in_series).length });
    expect(await eventRows(user)).toEqual(before);

    await pushWaiting();
    await ok(call(user, 'GET', '/api/auth/google/calendar'));
    expect(fake().calendar.listEvents(sub)).toHaveLength(atGoogle);

    // After a reconnect too: the likely duplicates are linked, nothing is copied either way.
    await ok(call(user, 'POST', '/api/auth/google/clear'));
    await connectGoogle(t.app, fake(), user, sub);
    await ok(call(user, 'GET', '/api/auth/google/calendar?preview=true'));
    await applyAll(user, 'calendar');
    await pushWaiting();
    await ok(call(user, 'GET', '/api/auth/google/calendar'));
    expect(await eventRows(user)).toEqual(before);
    expect(fake().calendar.listEvents(sub)).toHaveLength(atGoogle);
  });

  it('changes the event to what the file now says, and a different UID is a new event', async () => {
    const { user } = await connectedUser();
    const calendarFile = (summary: string, uid: string) =>
      [
        'BEGIN:VCALENDAR',
        'VERSION:2.0',
        'BEGIN:VEVENT',
        `UID:${uid}`,
        'DTSTART:20270310T090000Z',
        'DTEND:20270310T100000Z',
        `SUMMARY:${summary}`,
        'END:VEVENT',
        'END:VCALENDAR',
        '',
      ].join('\r\n');
    expect(await importIcs(user, calendarFile('Board meeting', 'board@example.com'))).toMatchObject({
      imported: 1,
      updated: 0,
    });
    expect(
      await importIcs(user, calendarFile('Board meeting (moved room)', 'board@example.com')),
    ).toMatchObject({
      imported: 0,
      updated: 1,
    });
    expect(await importIcs(user, calendarFile('Board meeting', 'other@example.com'))).toMatchObject({
      imported: 1,
    });
    expect((await eventRows(user)).map((row) => row.title)).toEqual([
      'Board meeting',
      'Board meeting (moved room)',
    ]);
  });
});

describe('issue 33, defect 3: review items classified again when applied', () => {
  it('keeps a previewed new Google contact from becoming a second copy of a contact added meanwhile', async () => {
    const { user, sub } = await connectedUser();
    fake().addContact(sub, {
      names: [{ givenName: 'Grace', familyName: 'Hopper' }],
      emailAddresses: [{ value: 'grace@navy.example' }],
    });
    await ok(call(user, 'GET', '/api/auth/google/contacts?preview=true'));
    const [item] = await reviewOf(user, 'contacts');
    expect(item.kind).toBe('new');
    const added = await ok(
      call(user, 'POST', '/api/people', {
        first_name: 'Grace',
        last_name: 'Hopper',
        email: 'Grace@Navy.example',
      }),
      201,
    );

    const applied = await ok(call(user, 'POST', '/api/auth/google/contacts/apply', { item_ids: [item.id] }));
    expect(applied).toMatchObject({ created: 0, waiting: 1 });
    const people = await rowsOf(sql`select full_name from contacts where user_id = ${user.id}`);
    expect(people).toHaveLength(1);
    expect(await reviewOf(user, 'contacts')).toEqual([
      expect.objectContaining({
        id: item.id,
        kind: 'likely_duplicate',
        match_reason: 'email',
        contact: { id: added.id, name: 'Grace Hopper' },
      }),
    ]);
  });

  it('keeps a previewed new Google event from becoming a second copy of an event added meanwhile', async () => {
    const { user, sub } = await connectedUser();
    const start = new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000 + 3 * 86_400_000);
    const end = new Date(start.getTime() + 3_600_000);
    fake().calendar.addEvent(sub, {
      summary: 'Supplier call',
      start: { dateTime: start.toISOString(), timeZone: 'UTC' },
      end: { dateTime: end.toISOString(), timeZone: 'UTC' },
    });
    await ok(call(user, 'GET', '/api/auth/google/calendar?preview=true'));
    const [item] = await reviewOf(user, 'calendar');
    expect(item.kind).toBe('new');
    await ok(
      call(user, 'POST', '/api/events', {
        title: 'Supplier call',
        start_datetime: start.toISOString(),
        end_datetime: end.toISOString(),
        timezone: 'UTC',
      }),
      201,
    );

    const applied = await ok(call(user, 'POST', '/api/auth/google/calendar/apply', { item_ids: [item.id] }));
    expect(applied).toMatchObject({ created: 0, waiting: 1 });
    expect(await eventRows(user)).toHaveLength(1);
    expect(await reviewOf(user, 'calendar')).toEqual([
      expect.objectContaining({ id: item.id, kind: 'likely_duplicate' }),
    ]);
  });
});

describe("issue 33: linking a Google contact to a contact of the user's choice", () => {
  it("links a new Google contact to the chosen contact, filling its empty fields, and refuses another user's", async () => {
    const { user, sub } = await connectedUser();
    const resourceName = fake().addContact(sub, {
      names: [{ givenName: 'Bob', familyName: 'Kahn' }],
      emailAddresses: [{ value: 'bob@cnri.example' }],
    });
    const mine = await ok(
      call(user, 'POST', '/api/people', { first_name: 'Robert', last_name: 'Kahn' }),
      201,
    );
    const other = await createUser(t.app);
    const theirs = await ok(
      call(other, 'POST', '/api/people', { first_name: 'Not', last_name: 'Yours' }),
      201,
    );
    await ok(call(user, 'GET', '/api/auth/google/contacts?preview=true'));
    const [item] = await reviewOf(user, 'contacts');
    expect(item.kind).toBe('new');

    const refused = await call(user, 'POST', '/api/auth/google/contacts/apply', {
      item_ids: [item.id],
      merge_into: { [item.id]: theirs.id },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toContain('Choose one of your contacts');
    expect((await rowsOf(sql`select first_name, email from contacts where id = ${theirs.id}`))[0]).toEqual({
      first_name: 'Not',
      email: null,
    });

    const applied = await ok(
      call(user, 'POST', '/api/auth/google/contacts/apply', {
        item_ids: [item.id],
        merge_into: { [item.id]: mine.id },
      }),
    );
    expect(applied).toMatchObject({ created: 0, linked: 1 });
    expect(await rowsOf(sql`select first_name, email from contacts where user_id = ${user.id}`)).toEqual([
      { first_name: 'Robert', email: 'bob@cnri.example' },
    ]);
    await ok(call(user, 'PUT', `/api/people/${mine.id}`, { job_title: 'Co-inventor of TCP/IP' }));
    await pushWaiting();
    expect(fake().contact(sub, resourceName)).toMatchObject({
      organizations: [expect.objectContaining({ title: 'Co-inventor of TCP/IP' })],
    });
  });
});

describe("issue 33: linking a Google event to an event of the user's choice", () => {
  it('links a new Google event to the chosen event instead of copying it, and edits then travel', async () => {
    const { user, sub } = await connectedUser();
    const start = new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000 + 5 * 86_400_000);
    const end = new Date(start.getTime() + 3_600_000);
    const googleId = fake().calendar.addEvent(sub, {
      summary: 'Quarterly review (Google)',
      start: { dateTime: start.toISOString(), timeZone: 'UTC' },
      end: { dateTime: end.toISOString(), timeZone: 'UTC' },
    });
    const mine = await ok(
      call(user, 'POST', '/api/events', {
        title: 'Q3 review',
        start_datetime: start.toISOString(),
        end_datetime: end.toISOString(),
        timezone: 'UTC',
      }),
      201,
    );
    const other = await createUser(t.app);
    const theirs = await ok(
      call(other, 'POST', '/api/events', {
        title: 'Not yours',
        start_datetime: start.toISOString(),
        end_datetime: end.toISOString(),
      }),
      201,
    );
    await ok(call(user, 'GET', '/api/auth/google/calendar?preview=true'));
    const [item] = await reviewOf(user, 'calendar');
    expect(item.kind).toBe('new');

    // Another user's event cannot be the target.
    const refused = await call(user, 'POST', '/api/auth/google/calendar/apply', {
      item_ids: [item.id],
      link_to: { [item.id]: theirs.event.id },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toContain('Choose one of your events');

    const applied = await ok(
      call(user, 'POST', '/api/auth/google/calendar/apply', {
        item_ids: [item.id],
        link_to: { [item.id]: mine.event.id },
      }),
    );
    expect(applied).toMatchObject({ created: 0, linked: 1 });
    expect(await eventRows(user)).toHaveLength(1);
    await ok(call(user, 'PUT', `/api/events/${mine.event.id}`, { location: 'Room 4' }));
    await pushWaiting();
    expect(fake().calendar.event(sub, googleId)).toMatchObject({ location: 'Room 4' });
  });
});

describe('issue 33, defect 4: deleting a linked contact in Relate', () => {
  async function linkedContact() {
    const { user, sub } = await connectedUser();
    const resourceName = fake().addContact(sub, {
      names: [{ givenName: 'Ada', familyName: 'Lovelace' }],
      emailAddresses: [{ value: 'ada@engine.example' }],
    });
    await ok(call(user, 'GET', '/api/auth/google/contacts'));
    const [contact] = await rowsOf(sql`select id from contacts where user_id = ${user.id}`);
    return { user, sub, resourceName, contactId: contact.id as number };
  }
  const fullListing = async (who: TestUser, sub: string) => {
    fake().expireSyncTokens(sub);
    return ok(call(who, 'GET', '/api/auth/google/contacts'));
  };
  const contactCount = async (who: TestUser) =>
    (await rowsOf(sql`select count(*)::int as n from contacts where user_id = ${who.id}`))[0].n;

  it('deletes it at Google too when the user chose so, and a full listing does not bring it back', async () => {
    const { user, sub, resourceName, contactId } = await linkedContact();
    expect(
      await ok(call(user, 'POST', '/api/auth/google/settings', { contact_deletes: 'delete' })),
    ).toMatchObject({ contact_deletes: 'delete' });
    await ok(call(user, 'DELETE', `/api/people/${contactId}`));
    // Out of the Trash for good: only then is it deleted for Google (decision 0050).
    await ok(call(user, 'DELETE', '/api/trash', { confirm: true }));
    await pushWaiting();
    expect(fake().contact(sub, resourceName)).toBeUndefined();
    await fullListing(user, sub);
    expect(await contactCount(user)).toBe(0);
    expect(await reviewOf(user, 'contacts')).toEqual([]);
  });

  it('keeps it at Google until the user chose, and a full listing does not bring it back either', async () => {
    const { user, sub, resourceName, contactId } = await linkedContact();
    expect((await ok(call(user, 'GET', '/api/auth/google/status'))).contact_deletes).toBeNull();
    await ok(call(user, 'DELETE', `/api/people/${contactId}`));
    // Out of the Trash for good: only then is it deleted for Google (decision 0050).
    await ok(call(user, 'DELETE', '/api/trash', { confirm: true }));
    await pushWaiting();
    // Choosing "delete" later does not reach back to contacts deleted before.
    await ok(call(user, 'POST', '/api/auth/google/settings', { contact_deletes: 'delete' }));
    await ok(call(user, 'GET', '/api/auth/google/contacts'));
    expect(fake().contact(sub, resourceName)).toBeDefined();
    await fullListing(user, sub);
    expect(await contactCount(user)).toBe(0);
    expect(await reviewOf(user, 'contacts')).toEqual([]);
  });

  it('refuses a setting it does not know, and one without a Google connection', async () => {
    const { user } = await connectedUser();
    const bad = await call(user, 'POST', '/api/auth/google/settings', { contact_deletes: 'sometimes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].field).toBe('contact_deletes');
    const stranger = await createUser(t.app);
    const unconnected = await call(stranger, 'POST', '/api/auth/google/settings', {
      contact_deletes: 'keep',
    });
    expect(unconnected.json()).toMatchObject({ code: 'GOOGLE_NOT_CONNECTED' });
    expect((await ok(call(user, 'GET', '/api/auth/google/status'))).contact_deletes).toBeNull();
  });
});

describe('issue 33, defect 8: a push that failed', () => {
  it('tries again within seconds, and an edit made meanwhile is sent as soon as Google answers', async () => {
    const { user, sub } = await connectedUser();
    const resourceName = fake().addContact(sub, { names: [{ givenName: 'Grace', familyName: 'Hopper' }] });
    await ok(call(user, 'GET', '/api/auth/google/contacts'));
    const [contact] = await rowsOf(sql`select id from contacts where user_id = ${user.id}`);

    fake().failNext({ path: /updateContact/, status: 503 });
    await ok(call(user, 'PUT', `/api/people/${contact.id}`, { job_title: 'Rear Admiral' }));
    await t.app.services.jobs.runDue(50);
    const [retry] = (await t.app.services.jobs.list('google.contacts.push')).filter(
      (job) => job.key === String(user.id),
    );
    expect(retry.runAt.getTime() - Date.now()).toBeLessThan(10_000);

    // The next edit does not wait for the retry: its push runs now and sends both.
    await ok(call(user, 'PUT', `/api/people/${contact.id}`, { job_title: 'Rear Admiral', notes: 'COBOL' }));
    await t.app.services.jobs.runDue(50);
    expect(fake().contact(sub, resourceName)).toMatchObject({
      organizations: [expect.objectContaining({ title: 'Rear Admiral' })],
      biographies: [expect.objectContaining({ value: 'COBOL' })],
    });
  });
});

describe('issue 33, defect 5: a conflict is decided for the clashing fields only', () => {
  async function clash() {
    const { user, sub } = await connectedUser();
    const resourceName = fake().addContact(sub, {
      names: [{ givenName: 'Katherine', familyName: 'Johnson' }],
      organizations: [{ name: 'NACA', title: 'Computer' }],
    });
    await ok(call(user, 'GET', '/api/auth/google/contacts'));
    const [contact] = await rowsOf(sql`select id from contacts where user_id = ${user.id}`);
    // Relate changes the organization; Google changes it too, and the job title.
    await ok(
      call(user, 'PUT', `/api/people/${contact.id}`, {
        organization: 'NASA Langley',
        notes: 'Hidden Figures',
      }),
    );
    fake().editContact(sub, resourceName, {
      organizations: [{ name: 'NASA', title: 'Aerospace technologist' }],
    });
    await ok(call(user, 'GET', '/api/auth/google/contacts'));
    const [item] = await reviewOf(user, 'contacts');
    expect(item.kind).toBe('conflict');
    return { user, sub, resourceName, contactId: contact.id as number, itemId: item.id };
  }
  const stored = async (contactId: number) =>
    (await rowsOf(sql`select organization, job_title, notes from contacts where id = ${contactId}`))[0];

  it("keeps Relate's value of the clashing field and takes Google's other change", async () => {
    const { user, sub, resourceName, contactId, itemId } = await clash();
    await ok(
      call(user, 'POST', '/api/auth/google/contacts/apply', { item_ids: [itemId], keep_relate: [itemId] }),
    );
    await pushWaiting();
    expect(await stored(contactId)).toEqual({
      organization: 'NASA Langley',
      job_title: 'Aerospace technologist',
      notes: 'Hidden Figures',
    });
    expect(fake().contact(sub, resourceName)).toMatchObject({
      organizations: [expect.objectContaining({ name: 'NASA Langley', title: 'Aerospace technologist' })],
      biographies: [expect.objectContaining({ value: 'Hidden Figures' })],
    });
  });

  it("takes Google's changes and keeps Relate's own edits of fields Google left alone", async () => {
    const { user, sub, resourceName, contactId, itemId } = await clash();
    await ok(call(user, 'POST', '/api/auth/google/contacts/apply', { item_ids: [itemId] }));
    await pushWaiting();
    expect(await stored(contactId)).toEqual({
      organization: 'NASA',
      job_title: 'Aerospace technologist',
      notes: 'Hidden Figures',
    });
    expect(fake().contact(sub, resourceName)).toMatchObject({
      organizations: [expect.objectContaining({ name: 'NASA', title: 'Aerospace technologist' })],
      biographies: [expect.objectContaining({ value: 'Hidden Figures' })],
    });
  });
});

describe('issue 33: a conflict decided field by field', () => {
  it("keeps Relate's value of the fields chosen, Google's of the other clashing ones, and says which clash", async () => {
    const { user, sub } = await connectedUser();
    const resourceName = fake().addContact(sub, {
      names: [{ givenName: 'Dorothy', familyName: 'Vaughan' }],
      organizations: [{ name: 'NACA', title: 'Computer' }],
    });
    await ok(call(user, 'GET', '/api/auth/google/contacts'));
    const [contact] = await rowsOf(sql`select id from contacts where user_id = ${user.id}`);
    // Both sides change the organization and the job title, each differently.
    await ok(
      call(user, 'PUT', `/api/people/${contact.id}`, {
        organization: 'NASA Langley',
        job_title: 'Supervisor',
      }),
    );
    fake().editContact(sub, resourceName, { organizations: [{ name: 'NASA', title: 'Programmer' }] });
    await ok(call(user, 'GET', '/api/auth/google/contacts'));
    const [item] = await reviewOf(user, 'contacts');
    expect(item.kind).toBe('conflict');
    expect(item.changes).toEqual(
      expect.arrayContaining([
        { field: 'organization', relate: 'NASA Langley', google: 'NASA', clash: true },
        { field: 'job_title', relate: 'Supervisor', google: 'Programmer', clash: true },
      ]),
    );

    await ok(
      call(user, 'POST', '/api/auth/google/contacts/apply', {
        item_ids: [item.id],
        keep_relate_fields: { [item.id]: ['job_title'] },
      }),
    );
    await pushWaiting();
    const [stored] = await rowsOf(sql`select organization, job_title from contacts where id = ${contact.id}`);
    expect(stored).toEqual({ organization: 'NASA', job_title: 'Supervisor' });
    expect(fake().contact(sub, resourceName)).toMatchObject({
      organizations: [expect.objectContaining({ name: 'NASA', title: 'Supervisor' })],
    });
  });

  it('refuses a keep_relate_fields key that is not a review item id, naming the field', async () => {
    const { user } = await connectedUser();
    const response = await call(user, 'POST', '/api/auth/google/contacts/apply', {
      item_ids: ['7f1c9a8e-1b2c-4d3e-8f90-123456789abc'],
      keep_relate_fields: { 'not-an-id': ['job_title'] },
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('keep_relate_fields');
  });
});

describe('issue 33, defect 5, in the calendar', () => {
  it("keeps Relate's title of a clashing event and takes Google's new place", async () => {
    const { user, sub } = await connectedUser();
    const start = new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000 + 5 * 86_400_000);
    const end = new Date(start.getTime() + 3_600_000);
    const id = fake().calendar.addEvent(sub, {
      summary: 'Launch review',
      start: { dateTime: start.toISOString(), timeZone: 'UTC' },
      end: { dateTime: end.toISOString(), timeZone: 'UTC' },
    });
    await ok(call(user, 'GET', '/api/auth/google/calendar'));
    const [event] = await rowsOf(sql`select id from events where owner_id = ${user.id}`);
    await ok(call(user, 'PUT', `/api/events/${event.id}`, { title: 'Launch review (final)' }));
    fake().calendar.editEvent(sub, id, { summary: 'Launch go/no-go', location: 'Room 4' });
    await ok(call(user, 'GET', '/api/auth/google/calendar'));
    const [item] = await reviewOf(user, 'calendar');
    expect(item.kind).toBe('conflict');

    await ok(
      call(user, 'POST', '/api/auth/google/calendar/apply', { item_ids: [item.id], keep_relate: [item.id] }),
    );
    await pushWaiting();
    expect((await rowsOf(sql`select title, location from events where id = ${event.id}`))[0]).toEqual({
      title: 'Launch review (final)',
      location: 'Room 4',
    });
    expect(fake().calendar.event(sub, id)).toMatchObject({
      summary: 'Launch review (final)',
      location: 'Room 4',
    });
  });
});

describe('issue 33, defect 6: a preview does not hold the sync back', () => {
  it('a sync after a preview applies what needs no decision, contacts and events alike', async () => {
    const { user, sub } = await connectedUser();
    fake().addContact(sub, { names: [{ givenName: 'Mary', familyName: 'Jackson' }] });
    fake().calendar.addReferenceEvents(sub, shiftDays());
    await ok(call(user, 'GET', '/api/auth/google/contacts?preview=true'));
    await ok(call(user, 'GET', '/api/auth/google/calendar?preview=true'));
    const waiting = await reviewOf(user, 'calendar');
    expect(waiting.length).toBeGreaterThan(0);

    expect(await ok(call(user, 'GET', '/api/auth/google/contacts'))).toMatchObject({ created: 1, items: [] });
    expect(await ok(call(user, 'GET', '/api/auth/google/calendar'))).toMatchObject({ items: [] });
    expect(await rowsOf(sql`select full_name from contacts where user_id = ${user.id}`)).toEqual([
      { full_name: 'Mary Jackson' },
    ]);
    expect((await eventRows(user)).length).toBeGreaterThanOrEqual(waiting.length);
    expect((await ok(call(user, 'GET', '/api/auth/google/status'))).contacts_pending_review).toBe(0);
  });
});

describe('issue 33, defect 7: an occurrence cancelled at Google', () => {
  async function cancelledOccurrence() {
    const { user, sub } = await connectedUser();
    const monday = new Date(Math.floor(Date.now() / 86_400_000) * 86_400_000 + 14 * 86_400_000);
    monday.setUTCHours(9);
    const startOf = (week: number) => new Date(monday.getTime() + week * 7 * 86_400_000).toISOString();
    const series = fake().calendar.addEvent(sub, {
      summary: 'Weekly sync',
      start: { dateTime: startOf(0), timeZone: 'UTC' },
      end: { dateTime: new Date(monday.getTime() + 1_800_000).toISOString(), timeZone: 'UTC' },
      recurrence: ['RRULE:FREQ=WEEKLY;COUNT=6'],
    });
    await ok(call(user, 'GET', '/api/auth/google/calendar'));
    fake().calendar.cancelOccurrence(sub, series, { dateTime: startOf(2), timeZone: 'UTC' });
    await ok(call(user, 'GET', '/api/auth/google/calendar'));
    const excluded = async () =>
      (
        await rowsOf(
          sql`select to_json(excluded_starts) as excluded from events where owner_id = ${user.id} and series_id is null`,
        )
      ).map((row) => (row.excluded as string[]).map((start) => new Date(start).toISOString()));
    expect(await excluded()).toEqual([[startOf(2)]]);
    return { user, sub, series, startOf, excluded };
  }

  it('stays cancelled when the series is renamed at Google', async () => {
    const { user, sub, series, startOf, excluded } = await cancelledOccurrence();
    fake().calendar.editEvent(sub, series, { summary: 'Weekly sync (renamed)' });
    await ok(call(user, 'GET', '/api/auth/google/calendar'));
    expect(await reviewOf(user, 'calendar')).toEqual([]);
    expect(await excluded()).toEqual([[startOf(2)]]);
    expect((await eventRows(user)).map((row) => row.title)).toEqual(['Weekly sync (renamed)']);
  });

  it('stays cancelled after Google expired the sync token (410) and Relate listed everything again', async () => {
    const { user, sub, startOf, excluded } = await cancelledOccurrence();
    fake().calendar.expireSyncTokens(sub);
    await ok(call(user, 'GET', '/api/auth/google/calendar'));
    expect(await reviewOf(user, 'calendar')).toEqual([]);
    expect(await excluded()).toEqual([[startOf(2)]]);
  });
});

describe('issue 33, defect 6: dismissing what one does not want', () => {
  it('never imports a dismissed contact, drops it from the count, lists it as dismissed, and restores it', async () => {
    const { user, sub } = await connectedUser();
    await ok(
      call(user, 'POST', '/api/people', {
        first_name: 'Dorothy',
        last_name: 'Vaughan',
        email: 'dv@naca.example',
      }),
      201,
    );
    fake().addContact(sub, {
      names: [{ givenName: 'Dorothy', familyName: 'Vaughan' }],
      emailAddresses: [{ value: 'dv@naca.example' }],
    });
    await ok(call(user, 'GET', '/api/auth/google/contacts'));
    const [item] = await reviewOf(user, 'contacts');
    expect(item.kind).toBe('likely_duplicate');

    expect(
      await ok(call(user, 'POST', '/api/auth/google/contacts/dismiss', { item_ids: [item.id] })),
    ).toEqual({
      dismissed: 1,
    });
    expect((await ok(call(user, 'GET', '/api/auth/google/status'))).contacts_pending_review).toBe(0);
    expect(await reviewOf(user, 'contacts')).toEqual([]);
    const dismissed = (await ok(call(user, 'GET', '/api/auth/google/contacts/review?dismissed=true'))).items;
    expect(dismissed).toEqual([expect.objectContaining({ id: item.id, kind: 'likely_duplicate' })]);
    // Neither a sync nor a full listing brings it back, nor applying it by id.
    fake().expireSyncTokens(sub);
    await ok(call(user, 'GET', '/api/auth/google/contacts'));
    expect(await reviewOf(user, 'contacts')).toEqual([]);
    expect(
      await ok(call(user, 'POST', '/api/auth/google/contacts/apply', { item_ids: [item.id] })),
    ).toMatchObject({ linked: 0, skipped: 1 });

    expect(
      await ok(call(user, 'POST', '/api/auth/google/contacts/restore', { item_ids: [item.id] })),
    ).toEqual({
      restored: 1,
    });
    expect(await reviewOf(user, 'contacts')).toEqual([expect.objectContaining({ id: item.id })]);
  });

  it('refuses to dismiss what needs a decision, and another user cannot dismiss or restore items', async () => {
    const { user, sub } = await connectedUser();
    fake().calendar.addReferenceEvents(sub, shiftDays());
    await ok(call(user, 'GET', '/api/auth/google/calendar?preview=true'));
    const items = await reviewOf(user, 'calendar');
    const stranger = await createUser(t.app);
    const ids = { item_ids: items.map((item) => item.id) };
    expect(await ok(call(stranger, 'POST', '/api/auth/google/calendar/dismiss', ids))).toEqual({
      dismissed: 0,
    });
    expect(await reviewOf(user, 'calendar')).toHaveLength(items.length);
    expect(await ok(call(user, 'POST', '/api/auth/google/calendar/dismiss', ids))).toEqual({
      dismissed: items.length,
    });
    expect(await ok(call(stranger, 'POST', '/api/auth/google/calendar/restore', ids))).toEqual({
      restored: 0,
    });
    expect(await reviewOf(user, 'calendar')).toEqual([]);
    // A sync applies nothing dismissed.
    await ok(call(user, 'GET', '/api/auth/google/calendar'));
    expect(await eventRows(user)).toEqual([]);

    const bad = await call(user, 'POST', '/api/auth/google/calendar/dismiss', { item_ids: ['not-an-id'] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].field).toMatch(/^item_ids/);
  });
});

describe('issue 33, defect 8, in the calendar', () => {
  it('a failed push of an event edit tries again within seconds, and the next edit goes at once', async () => {
    const { user, sub } = await connectedUser();
    const start = new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000 + 4 * 86_400_000);
    const id = fake().calendar.addEvent(sub, {
      summary: 'Board call',
      start: { dateTime: start.toISOString(), timeZone: 'UTC' },
      end: { dateTime: new Date(start.getTime() + 3_600_000).toISOString(), timeZone: 'UTC' },
    });
    await ok(call(user, 'GET', '/api/auth/google/calendar'));
    const [event] = await rowsOf(sql`select id from events where owner_id = ${user.id}`);

    fake().failNext({ method: 'PATCH', path: /\/events\//, status: 503 });
    await ok(call(user, 'PUT', `/api/events/${event.id}`, { location: 'Room 1' }));
    await t.app.services.jobs.runDue(50);
    const [retry] = (await t.app.services.jobs.list('google.calendar.push')).filter(
      (job) => job.key === String(user.id),
    );
    expect(retry.runAt.getTime() - Date.now()).toBeLessThan(10_000);

    await ok(call(user, 'PUT', `/api/events/${event.id}`, { location: 'Room 2' }));
    await t.app.services.jobs.runDue(50);
    expect(fake().calendar.event(sub, id)).toMatchObject({ location: 'Room 2' });
  });
});
