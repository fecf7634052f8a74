import type { Person } from '@relate/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestApp, type TestUser } from '../../../test/test-app';

let t: TestApp;
let owner: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t.app);
});
afterAll(() => t.close());

/** Every person of the list, as the list sends them (the database wrote them, decision 0031). */
async function listed(): Promise<Person[]> {
  const response = await t.as(owner).get('/api/people?page_size=500&sort=id&order=asc');
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
  return response.json().people;
}

/** The same person as a single read sends it (written by toPersonDto). */
async function readOne(id: number): Promise<Person> {
  const response = await t.as(owner).get(`/api/people/${id}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

describe('the list as the database writes it', () => {
  it('sends every field exactly as a single read does: text that needs escaping, dates, custom fields, nulls', async () => {
    const bodies = [
      {
        first_name: 'Zoë "Zed"',
        last_name: "O'Brien \\ back\nslash\ttab",
        gender: 'female',
        birthday: '1815-12-10',
        email: 'zoe@example.com',
        phone: '+44 20 7946 0958',
        mobile: '+1 (555) 010-9999',
        address: 'Flat 2\nLondon',
        organization: 'Ünïcödé 株式会社 🚀',
        job_title: 'CTO',
        job_status: 'employed',
        linkedin_url: 'https://linkedin.com/in/zoe',
        github_url: 'https://github.com/zoe',
        facebook_url: 'https://facebook.com/zoe',
        twitter_url: 'https://x.com/zoe',
        website_url: 'https://zoe.example',
        notes: 'Line one\r\nLine two </script> \u2028',
        source: 'referral',
        tags: 'vip, beta',
        last_contact_date: '2026-11-20T09:30:00.123Z',
        next_follow_up_date: '2027-01-02T00:00:00Z',
        status: 'client',
        priority: 'high',
        group: 'VIP',
        avatar_url: 'https://example.com/a.png',
        custom_fields: { Team: 'Analytics', 'Size "rank"': '1\n2' },
      },
      { email: 'only-an-email@example.com' },
    ];
    const ids: number[] = [];
    for (const body of bodies) {
      const response = await t.as(owner).post('/api/people', body);
      expect(response.statusCode, response.body).toBe(201);
      ids.push(response.json().id);
    }
    // Microseconds the API cannot write: both paths cut them to milliseconds the same way.
    await t.database.db.execute(
      sql`update contacts set created_at = '2026-03-04 05:06:07.123999+00', updated_at = '1999-12-31 23:59:59.999999+00' where id = ${ids[0]}`,
    );

    const people = await listed();
    expect(people.map((person) => person.id)).toEqual(ids);
    for (const [index, id] of ids.entries()) expect(people[index]).toStrictEqual(await readOne(id));
    expect(people[0]).toMatchObject({
      created_at: '2026-03-04T05:06:07.123Z',
      updated_at: '1999-12-31T23:59:59.999Z',
      last_contact_date: '2026-11-20T09:30:00.123Z',
      birthday: '1815-12-10',
      custom_fields: { Team: 'Analytics', 'Size "rank"': '1\n2' },
      organization: 'Ünïcödé 株式会社 🚀',
    });
    expect(people[1]).toMatchObject({
      first_name: null,
      birthday: null,
      last_contact_date: null,
      custom_fields: {},
    });
  });

  it('answers an empty page past the end with the total still counted', async () => {
    const response = await t.as(owner).get('/api/people?page=9&page_size=50');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ people: [], total: 2, total_capped: false, page: 9, page_size: 50 });
  });
});
