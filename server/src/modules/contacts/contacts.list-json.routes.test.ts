import { PeopleResponseSchema } from '@relate/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestApp, type TestUser } from '../../../test/test-app';
import { fastSerializer } from '../../lib/fast-serializer';
import { toPersonDto } from './contacts.mappers';

/**
 * The contacts list's people are written into JSON by the database (decision 0031). The response must
 * be the bytes the list's serializer writes from `toPersonDto`'s objects of the same rows, whatever
 * the rows hold.
 */
let t: TestApp;
let owner: TestUser;
const serialize = fastSerializer(PeopleResponseSchema)();

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t.app);
});
afterAll(() => t.close());

/** What the serializer writes for the rows of these ids, in this order. */
async function expected(
  ids: number[],
  rest: { total: number; total_capped: boolean; page: number; page_size: number },
) {
  const rows = await t.app.services.contacts.findByIds(owner.id, ids);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return serialize({ people: ids.map((id) => toPersonDto(byId.get(id)!)), ...rest });
}

async function list(url: string) {
  const response = await t.as(owner).get(url);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
  return response;
}

const idsOf = (body: string) => (JSON.parse(body).people as { id: number }[]).map((person) => person.id);

describe('the contacts list as the database writes it', () => {
  it('is an empty page like any other', async () => {
    const response = await list('/api/people');
    expect(response.body).toBe('{"people":[],"total":0,"total_capped":false,"page":1,"page_size":50}');
  });

  it('is byte for byte what the serializer writes from toPersonDto, whatever the rows hold', async () => {
    const awkward = `quote " backslash \\ slash / tab \t newline \n return \r controls \u0001\u001f\u007f ${'\u2028'} é ß 漢字 😀`;
    const full = {
      first_name: 'Ada',
      last_name: 'Lovelace',
      gender: 'female',
      birthday: '1815-12-10',
      email: 'ada@example.com',
      phone: '+44 20 7946 0000',
      mobile: '07700 900000',
      address: awkward,
      organization: 'Analytical Engines',
      job_title: 'Mathematician',
      job_status: 'employed',
      linkedin_url: 'https://linkedin.com/in/ada',
      github_url: 'https://github.com/ada',
      facebook_url: 'https://facebook.com/ada',
      twitter_url: 'https://twitter.com/ada',
      website_url: 'https://ada.example',
      notes: awkward,
      source: 'Referral',
      tags: 'vip, math',
      last_contact_date: '2026-03-04T05:06:07.089Z',
      next_follow_up_date: '9999-12-31T00:00:00.000Z',
      status: 'client',
      priority: 'high',
      group: 'Family',
      avatar_url: 'https://ada.example/a.png',
      custom_fields: { Zeta: 'last', alpha: awkward, '10': 'ten', '2': 'two', '007': 'not an index', b: 'b' },
    };
    const created: number[] = [];
    for (const body of [
      full,
      { first_name: 'Minimal' },
      { email: 'only@example.com', custom_fields: { 'a"b': 'x' } },
    ]) {
      const response = await t.as(owner).post('/api/people', body);
      expect(response.statusCode, response.body).toBe(201);
      created.push(response.json().id);
    }
    // Timestamps with microseconds (JavaScript keeps milliseconds), at the edges of the stored years, and
    // rows shared by a group member.
    await t.database.db.execute(sql`update contacts set created_at = '2026-01-01 00:00:00.999999+00',
      updated_at = '1000-01-01 00:00:00+00', shared_by = 'grace@example.com' where id = ${created[0]}`);
    await t.database.db.execute(sql`update contacts set created_at = '2025-06-30 23:59:59.5+02',
      last_contact_date = '2024-02-29 12:00:00.000001+00' where id = ${created[1]}`);

    const response = await list('/api/people');
    const ids = idsOf(response.body);
    expect([...ids].sort()).toEqual([...created].sort());
    expect(response.body).toBe(
      await expected(ids, { total: 3, total_capped: false, page: 1, page_size: 50 }),
    );

    const second = await list('/api/people?page=2&page_size=1');
    expect(second.body).toBe(
      await expected([ids[1]], { total: 3, total_capped: false, page: 2, page_size: 1 }),
    );
    const past = await list('/api/people?page=9&page_size=1');
    expect(past.body).toBe('{"people":[],"total":3,"total_capped":false,"page":9,"page_size":1}');

    // Searched, filtered and sorted by a custom field: the same bytes for the rows found.
    for (const url of [
      '/api/people?q=ada',
      '/api/people?organization=engines&sort=last_name&order=asc',
      '/api/people?sort=custom_alpha&order=desc',
    ]) {
      const found = await list(url);
      const { total, total_capped, page, page_size } = JSON.parse(found.body);
      expect(found.body).toBe(await expected(idsOf(found.body), { total, total_capped, page, page_size }));
    }
  });
});
