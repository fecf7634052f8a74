import type { SearchResult } from '@relate/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestApp, type TestUser } from '../../../test/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await createUser(t.app);
});
afterAll(() => t.close());

/** a invites b, who accepts. */
async function group(a: TestUser, b: TestUser) {
  const invitation = (await t.as(a).post('/api/user-group', { email: b.email, name: 'B' })).json().data.id;
  await t.as(b).post('/api/user-group/approve-invitation', { invitation_id: invitation, display_name: 'A' });
}

async function created(who: TestUser, url: string, body: object): Promise<number> {
  const response = await t.as(who).post(url, body);
  expect(response.statusCode, response.body).toBe(201);
  const json = response.json();
  return json.event?.id ?? json.id;
}

async function search(who: TestUser, q: string): Promise<SearchResult[]> {
  const response = await t.as(who).get(`/api/search?q=${encodeURIComponent(q)}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().results;
}

const found = (results: SearchResult[]) => results.map((result) => `${result.type}:${result.title}`);

describe('GET /api/search', () => {
  it('finds contacts, companies, tasks, projects and events, each typed', async () => {
    const ann = await createUser(t.app);
    const contact = await created(ann, '/api/people', {
      first_name: 'Grace',
      last_name: 'Hopper',
      email: 'grace@navy.mil',
      organization: 'US Navy',
    });
    const company = await created(ann, '/api/companies', { record: 'Navy Yard', domains: ['navy.mil'] });
    const task = await created(ann, '/api/tasks', { title: 'Call the navy', project: 'Navy outreach' });
    const event = await created(ann, '/api/events', {
      title: 'Navy lunch',
      start_datetime: '2026-12-04T12:00:00Z',
      end_datetime: '2026-12-04T13:00:00Z',
    });

    const results = await search(ann, 'navy');
    expect(results).toEqual(
      expect.arrayContaining([
        {
          type: 'contact',
          id: contact,
          title: 'Grace Hopper',
          detail: 'grace@navy.mil · US Navy',
          date: null,
          rank: 2,
        },
        expect.objectContaining({ type: 'company', id: company, title: 'Navy Yard', rank: 1 }),
        expect.objectContaining({ type: 'task', id: task, detail: 'Navy outreach', rank: 2 }),
        expect.objectContaining({ type: 'project', title: 'Navy outreach', rank: 1 }),
        expect.objectContaining({
          type: 'event',
          id: event,
          title: 'Navy lunch',
          date: '2026-12-04T12:00:00.000Z',
          rank: 1,
        }),
      ]),
    );
    expect(results).toHaveLength(5);
    // Best first: the name prefixes (company, project, event), then the word prefixes.
    expect(results.map((result) => result.rank)).toEqual([1, 1, 1, 2, 2]);
  });

  it('finds a contact by part of its e-mail address, and the exact address first', async () => {
    const ann = await createUser(t.app);
    await created(ann, '/api/people', { first_name: 'Grace', email: 'grace@navy.mil' });
    await created(ann, '/api/people', { first_name: 'Gracie', email: 'gracie@navy.mil' });
    await created(ann, '/api/people', { first_name: 'Ada', email: 'ada@example.com' });
    expect(found(await search(ann, 'grace@nav'))).toEqual(['contact:Grace']);
    expect(found(await search(ann, 'navy.mil'))).toEqual(['contact:Grace', 'contact:Gracie']);
    expect(found(await search(ann, 'gracie@navy.mil'))).toEqual(['contact:Gracie']);
    const exact = await search(ann, 'GRACE@navy.mil');
    expect(exact.map((result) => [result.title, result.rank])).toEqual([['Grace', 0]]);
    expect(found(await search(ann, 'example.com'))).toEqual(['contact:Ada']);
  });

  it('ranks a first or last name that starts with the text over a word that does over the text inside', async () => {
    const ann = await createUser(t.app);
    await created(ann, '/api/people', { first_name: 'Mark', last_name: 'Anderson' });
    await created(ann, '/api/people', { first_name: 'Sandy', last_name: 'Brown' });
    await created(ann, '/api/people', {
      first_name: 'Zoe',
      last_name: 'Park',
      organization: 'Andromeda Labs',
    });
    await created(ann, '/api/people', { first_name: 'Andrea', last_name: 'Smith' });
    const results = await search(ann, 'and');
    expect(results.map((result) => [result.title, result.rank])).toEqual([
      ['Andrea Smith', 1],
      ['Mark Anderson', 1],
      ['Zoe Park', 2],
      ['Sandy Brown', 3],
    ]);
    // Shorter than a trigram: only names that start with it.
    expect(found(await search(ann, 'an'))).toEqual(['contact:Andrea Smith', 'contact:Mark Anderson']);
    // A contact known by its full name alone ranks it as words.
    await created(ann, '/api/people', { full_name: 'Andy Full' });
    expect((await search(ann, 'andy')).map((result) => [result.title, result.rank])).toEqual([
      ['Andy Full', 2],
      ['Sandy Brown', 3],
    ]);
  });

  it('finds by phone number and organization, and keeps to 5 of a type', async () => {
    const ann = await createUser(t.app);
    for (let index = 0; index < 7; index++)
      await created(ann, '/api/people', {
        first_name: `Person ${index}`,
        phone: `+1 555 010${index}`,
        organization: 'Initech',
      });
    expect(await search(ann, '555 0103')).toEqual([expect.objectContaining({ title: 'Person 3' })]);
    const byOrganization = await search(ann, 'initech');
    expect(byOrganization).toHaveLength(5);
    expect(byOrganization.every((result) => result.type === 'contact')).toBe(true);
  });

  it('takes %, _, quotes and backslashes literally', async () => {
    const ann = await createUser(t.app);
    await created(ann, '/api/people', { full_name: 'Percent 100% Sure' });
    await created(ann, '/api/people', { full_name: "O'Brien_Snake" });
    await created(ann, '/api/people', { full_name: 'Plain Person' });
    // As wildcards they would find all three.
    expect(await search(ann, '%')).toEqual([]);
    expect(await search(ann, '_')).toEqual([]);
    expect(await search(ann, '%%%')).toEqual([]);
    expect(found(await search(ann, '100%'))).toEqual(['contact:Percent 100% Sure']);
    expect(found(await search(ann, 'n_s'))).toEqual(["contact:O'Brien_Snake"]);
    expect(found(await search(ann, "o'b"))).toEqual(["contact:O'Brien_Snake"]);
    expect(await search(ann, "'; drop table contacts; --")).toEqual([]);
    expect(await search(ann, '\\')).toEqual([]);
    expect(await search(ann, '(.*')).toEqual([]);
    expect((await t.as(ann).get('/api/people')).json().total).toBe(3);
  });

  it('finds nothing of another user, but what they shared and what one takes part in', async () => {
    const ann = await createUser(t.app);
    const ben = await createUser(t.app);
    await group(ann, ben);
    const contact = await created(ann, '/api/people', { full_name: 'Zelda Secret', email: 'zelda@ann.test' });
    await created(ann, '/api/companies', { record: 'Zelda Corp' });
    await created(ann, '/api/tasks', { title: 'Zelda plan', project: 'Zelda project' });
    await created(ann, '/api/events', {
      title: 'Zelda meeting',
      start_datetime: '2026-12-04T12:00:00Z',
      end_datetime: '2026-12-04T13:00:00Z',
      participants: [{ name: 'Ben', email: ben.email }],
    });
    // In Ann's group Ben sees the event he takes part in, nothing else of hers.
    expect(found(await search(ben, 'zelda'))).toEqual(['event:Zelda meeting']);
    expect(await search(ben, 'zelda@ann.test')).toEqual([]);

    await t.as(ann).post('/api/people/share', { user_ids: [ben.id], contact_ids: [contact] });
    await t.as(ann).post(`/api/projects/${encodeURIComponent('Zelda project')}/participants`, {
      participants: [ben.email],
    });
    const shared = await search(ben, 'zelda');
    expect(found(shared).sort()).toEqual([
      'contact:Zelda Secret',
      'event:Zelda meeting',
      'project:Zelda project',
      'task:Zelda plan',
    ]);
    // Ben's contact is his own copy, not Ann's.
    expect(shared.find((result) => result.type === 'contact')?.id).not.toBe(contact);
    // A stranger still finds nothing.
    expect(await search(await createUser(t.app), 'zelda')).toEqual([]);
  });

  it('answers 400 naming q for an empty, blank, missing or too long text', async () => {
    const ann = await createUser(t.app);
    for (const url of [
      '/api/search?q=',
      '/api/search?q=%20%20',
      '/api/search',
      `/api/search?q=${'a'.repeat(101)}`,
    ]) {
      const response = await t.as(ann).get(url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json().details.map((detail: { field: string }) => detail.field)).toEqual(['q']);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/search?q=a' })).statusCode).toBe(401);
  });
});
