import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart } from './multipart';
import { apiRoutes } from './routes';
import { createTestApp, createUser, type HttpMethod, type TestApp, type TestUser } from './test-app';

/**
 * "A second user cannot read, change or delete it", for every API route with a path parameter.
 * A new route with a parameter fails the first test until it is added to the table below.
 */

interface OwnedObject {
  /** The route's URL for the owner's object. */
  url: string;
  /** The object as its owner sees it, to prove that the second user's call changed nothing. */
  read(): Promise<unknown>;
}

interface OwnershipCase {
  /** Creates the owner's object. */
  create(owner: TestUser): Promise<OwnedObject>;
  /** The body the second user sends (a valid one, so that only ownership can refuse it). */
  body?: object;
  /** What the second user gets. */
  status: number;
}

/** Text that appears only in the owner's objects: the second user's responses must never contain it. */
const SECRET = 'Owner-only 7f3a';

let t: TestApp;
const read = (owner: TestUser, url: string) => async () => (await t.as(owner).get(url)).json();
const created = async (owner: TestUser, url: string, body: object) => {
  const response = await t.as(owner).post(url, body);
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response.json();
};

const company = async (owner: TestUser): Promise<OwnedObject> => {
  const { id } = await created(owner, '/api/companies', { record: SECRET });
  return { url: `/api/companies/${id}`, read: read(owner, `/api/companies/${id}`) };
};
const person = async (owner: TestUser): Promise<OwnedObject> => {
  const { id } = await created(owner, '/api/people', { first_name: SECRET });
  return { url: `/api/people/${id}`, read: read(owner, `/api/people/${id}`) };
};
/** A person's stay-in-touch state, at its own URL. */
const followUp =
  (action = '') =>
  async (owner: TestUser): Promise<OwnedObject> => {
    const { url } = await person(owner);
    await t.as(owner).put(`${url}/stay-in-touch`, { cadence: { every: 1, unit: 'week' } });
    return { url: `${url}${action}`, read: read(owner, `${url}/stay-in-touch`) };
  };
/** A contact or company with a note on it; reading it reads its timeline too. */
const noted = async (owner: TestUser, make: typeof person): Promise<OwnedObject> => {
  const object = await make(owner);
  await created(owner, `${object.url}/notes`, { body: SECRET });
  const timeline = read(owner, `${object.url}/timeline`);
  return { url: object.url, read: async () => [await object.read(), await timeline()] };
};
const note = async (owner: TestUser): Promise<OwnedObject> => {
  const { url } = await person(owner);
  const { id } = await created(owner, `${url}/notes`, { body: SECRET });
  return { url: `/api/notes/${id}`, read: read(owner, `${url}/timeline`) };
};
const task = async (owner: TestUser): Promise<OwnedObject> => {
  const { id } = await created(owner, '/api/tasks', { title: SECRET, project: 'Own project' });
  return { url: `/api/tasks/${id}`, read: read(owner, `/api/tasks/${id}`) };
};
const event = async (owner: TestUser): Promise<OwnedObject> => {
  const { event } = await created(owner, '/api/events', {
    title: SECRET,
    start_datetime: '2030-01-01T10:00:00Z',
    end_datetime: '2030-01-01T11:00:00Z',
  });
  return { url: `/api/events/${event.id}`, read: read(owner, `/api/events/${event.id}`) };
};
const project = async (owner: TestUser): Promise<OwnedObject> => {
  await created(owner, '/api/projects', { name: SECRET });
  const url = `/api/projects/${encodeURIComponent(SECRET)}/participants`;
  return { url, read: read(owner, url) };
};
const account =
  (action = '') =>
  async (owner: TestUser): Promise<OwnedObject> => ({
    url: `/api/admin/users/${owner.id}${action}`,
    read: () => t.app.services.users.profile(owner.id),
  });

const table: Record<string, OwnershipCase> = {
  'GET /api/companies/:id': { create: company, status: 404 },
  'PUT /api/companies/:id': { create: company, body: { record: 'Taken over' }, status: 404 },
  'DELETE /api/companies/:id': { create: company, status: 404 },
  'GET /api/people/:id': { create: person, status: 404 },
  'PUT /api/people/:id': { create: person, body: { first_name: 'Taken over' }, status: 404 },
  'DELETE /api/people/:id': { create: person, status: 404 },
  'GET /api/people/:id/stay-in-touch': { create: followUp('/stay-in-touch'), status: 404 },
  'PUT /api/people/:id/stay-in-touch': {
    create: followUp('/stay-in-touch'),
    body: { cadence: { every: 2, unit: 'day' } },
    status: 404,
  },
  'POST /api/people/:id/follow-up': {
    create: followUp('/follow-up'),
    body: { action: 'snooze', days: 7 },
    status: 404,
  },
  // The timeline (issue 35): another user's contact or company has none for them, nor notes.
  'GET /api/people/:id/timeline': {
    async create(owner) {
      const object = await noted(owner, person);
      return { ...object, url: `${object.url}/timeline` };
    },
    status: 404,
  },
  'POST /api/people/:id/interactions': {
    async create(owner) {
      const object = await noted(owner, person);
      return { ...object, url: `${object.url}/interactions` };
    },
    body: { kind: 'call', date: '2030-01-01T10:00:00Z', summary: 'Taken over' },
    status: 404,
  },
  'POST /api/people/:id/notes': {
    async create(owner) {
      const object = await noted(owner, person);
      return { ...object, url: `${object.url}/notes` };
    },
    body: { body: 'Taken over' },
    status: 404,
  },
  'GET /api/companies/:id/timeline': {
    async create(owner) {
      const object = await noted(owner, company);
      return { ...object, url: `${object.url}/timeline` };
    },
    status: 404,
  },
  'POST /api/companies/:id/notes': {
    async create(owner) {
      const object = await noted(owner, company);
      return { ...object, url: `${object.url}/notes` };
    },
    body: { body: 'Taken over' },
    status: 404,
  },
  'PUT /api/notes/:id': { create: note, body: { body: 'Taken over' }, status: 404 },
  'DELETE /api/notes/:id': { create: note, status: 404 },
  'GET /api/tasks/:id': { create: task, status: 404 },
  'PUT /api/tasks/:id': { create: task, body: { status: 'completed' }, status: 404 },
  'DELETE /api/tasks/:id': { create: task, status: 404 },
  'GET /api/events/:id': { create: event, status: 404 },
  'PUT /api/events/:id': { create: event, body: { title: 'Taken over' }, status: 404 },
  'DELETE /api/events/:id': { create: event, status: 404 },
  'DELETE /api/events/:id/participation': {
    async create(owner) {
      const object = await event(owner);
      return { ...object, url: `${object.url}/participation` };
    },
    status: 404,
  },
  'GET /api/projects/:name/participants': { create: project, status: 404 },
  'POST /api/projects/:name/participants': { create: project, body: { participants: [] }, status: 404 },
  'PUT /api/notifications/:id/read': {
    async create(owner) {
      const { id } = await t.app.services.notifications.notify({
        userId: owner.id,
        type: 'other',
        text: SECRET,
      });
      return { url: `/api/notifications/${id}/read`, read: read(owner, '/api/notifications') };
    },
    status: 404,
  },
  'DELETE /api/user-group/:id': {
    async create(owner) {
      const { data } = await created(owner, '/api/user-group', {
        email: 'invitee@example.com',
        name: SECRET,
      });
      return { url: `/api/user-group/${data.id}`, read: read(owner, '/api/user-group') };
    },
    status: 404,
  },
  // Named by the caller's own field name: the second user has no such field.
  'DELETE /api/custom-fields/:name': {
    async create(owner) {
      await created(owner, '/api/custom-fields', { name: SECRET });
      return {
        url: `/api/custom-fields/${encodeURIComponent(SECRET)}`,
        read: read(owner, '/api/custom-fields'),
      };
    },
    status: 404,
  },
  // A preference key names the caller's own preference: the second user reads and writes theirs.
  'GET /api/user-preferences/:key': {
    async create(owner) {
      await created(owner, '/api/user-preferences/custom_fields', { value: [SECRET] });
      return { url: '/api/user-preferences/custom_fields', read: read(owner, '/api/user-preferences') };
    },
    status: 200,
  },
  'POST /api/user-preferences/:key': {
    async create(owner) {
      await created(owner, '/api/user-preferences/custom_fields', { value: [SECRET] });
      return { url: '/api/user-preferences/custom_fields', read: read(owner, '/api/user-preferences') };
    },
    body: { value: ['Mine'] },
    status: 200,
  },
  // Undo of a CSV import: only its importer may delete the contacts it created.
  'DELETE /api/csv/imports/:id': {
    async create(owner) {
      const body = multipart(
        { mapping: JSON.stringify({ 'First Name': 'first_name', Email: 'email' }) },
        { name: 'contacts.csv', content: `First Name,Email\n${SECRET},owner@example.com\n` },
      );
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/csv/import-with-mapping',
        payload: body.payload,
        headers: { ...owner.headers, ...body.headers },
      });
      expect(response.statusCode, response.body).toBe(200);
      return { url: `/api/csv/imports/${response.json().import_id}`, read: read(owner, '/api/people') };
    },
    status: 404,
  },
  // "Also add to Google": without Google configured this app answers 503 to everyone; against the fake
  // Google, google.routes.test.ts proves another user's contact id is 404 there.
  'POST /api/auth/google/contacts/:id/add': {
    async create(owner) {
      const target = await person(owner);
      return {
        url: `${target.url.replace('/api/people', '/api/auth/google/contacts')}/add`,
        read: target.read,
      };
    },
    status: 503,
  },
  // The plan catalogue is the same for everyone: nobody owns a plan's details.
  'GET /api/plan-details/:plan': {
    async create(owner) {
      return { url: '/api/plan-details/Pro', read: read(owner, '/api/plan-details/Pro') };
    },
    status: 200,
  },
  // Accounts are the administrators' to change: a signed-in non-administrator gets 403.
  'DELETE /api/admin/users/:id': { create: account(), status: 403 },
  'GET /api/admin/users/:id/history': { create: account('/history'), status: 403 },
  'POST /api/admin/users/:id/approve': { create: account('/approve'), body: {}, status: 403 },
  'POST /api/admin/users/:id/reject': { create: account('/reject'), status: 403 },
};

let stranger: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  await createUser(t.app, { email: 'admin@example.com' }); // the first account is the administrator
  stranger = await createUser(t.app, { fullName: 'Stranger' });
});
afterAll(() => t.close());

describe('the ownership table', () => {
  it('covers every API route with a path parameter', () => {
    const routes = apiRoutes(t.app).filter((route) => route.includes('/:'));
    expect(routes.length).toBeGreaterThan(20);
    expect(routes.filter((route) => !(route in table))).toEqual([]);
    expect(Object.keys(table).filter((route) => !routes.includes(route))).toEqual([]);
  });
});

describe('a second user cannot read, change or delete another user’s object', () => {
  it.each(Object.entries(table))('%s', async (route, { create, body, status }) => {
    const owner = await createUser(t.app, { fullName: 'Owner' });
    const object = await create(owner);
    const before = await object.read();
    const [method] = route.split(' ');
    const response = await t.as(stranger).request(method as HttpMethod, object.url, body);
    expect(response.statusCode, response.body).toBe(status);
    expect(response.body).not.toContain(SECRET);
    expect(await object.read()).toEqual(before);
  });
});
