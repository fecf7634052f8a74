import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findUnstorable } from '../src/plugins/reject-unstorable-text';
import { createTestApp, createUser, type TestApp, type TestUser, uniqueEmail } from './test-app';

let t: TestApp;
let user: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  user = await createUser(t.app);
});
afterAll(async () => {
  await t.close();
});

describe('a NUL character in any field', () => {
  it('is refused with 400 naming the field on sign-up, before an account exists', async () => {
    const email = uniqueEmail('nul');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email, password: 'correct horse battery', full_name: 'Ada\u0000Lovelace' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ field: 'full_name' }] });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: 'correct horse battery' },
    });
    expect(login.statusCode).toBe(401);
  });

  it('is refused in a contact, a search, a filter and a sort, and nothing is written', async () => {
    const create = await t.app.inject({
      method: 'POST',
      url: '/api/people',
      headers: user.headers,
      payload: { first_name: 'Grace', custom_fields: { 'Note\u0000': 'x' } },
    });
    expect(create.statusCode).toBe(400);
    expect(create.json().details[0].field).toBe('custom_fields.Note\u0000');
    for (const query of ['q=a%00b', 'organization=a%00', 'sort_by=last_name%00']) {
      const list = await t.app.inject({ method: 'GET', url: `/api/people?${query}`, headers: user.headers });
      expect(list.statusCode, query).toBe(400);
    }
    const list = await t.app.inject({ method: 'GET', url: '/api/people', headers: user.headers });
    expect(list.json().total).toBe(0);
  });

  it('still answers an anonymous caller 401 first', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/people?q=%00' });
    expect(response.statusCode).toBe(401);
  });
});

describe('an unpaired UTF-16 surrogate in a field', () => {
  const lone = '\ud800';
  it.each([
    ['/api/people', { first_name: 'Ada', custom_fields: { Note: `x${lone}` } }, 'custom_fields.Note'],
    ['/api/people', { first_name: 'Ada', custom_fields: { [`N${lone}`]: 'x' } }, `custom_fields.N${lone}`],
    ['/api/people', { first_name: `Ada${lone}` }, 'first_name'],
    ['/api/custom-fields', { name: `Field${lone}` }, 'name'],
    ['/api/custom-fields', { custom_fields: ['Ok', `\udc00Field`] }, 'custom_fields.1'],
    [
      '/api/user-preferences',
      { contact_columns: [{ key: 'email', label: `E-mail${lone}`, enabled: true, order: 1 }] },
      'contact_columns.0.label',
    ],
    ['/api/tasks', { title: 'Call', project: `Acme${lone}` }, 'project'],
    [
      '/api/events',
      {
        title: 'Meeting',
        start_datetime: '2030-01-01T10:00:00Z',
        end_datetime: '2030-01-01T11:00:00Z',
        participants: [{ name: `Bob${lone}`, email: 'bob@example.com' }],
      },
      'participants.0.name',
    ],
    ['/api/companies', { record: `Acme${lone}` }, 'record'],
  ])('is refused with 400 naming the field: POST %s %j', async (url, payload, field) => {
    const response = await t.app.inject({ method: 'POST', url, headers: user.headers, payload });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().details[0].field).toBe(field);
  });

  it('cannot arrive in a URL (its UTF-8 bytes are invalid), and a whole emoji is fine', async () => {
    for (const url of ['/api/people?q=%ED%A0%80', '/api/projects/x%ED%A0%80/participants']) {
      const response = await t.app.inject({ method: 'GET', url, headers: user.headers });
      expect(response.statusCode, url).toBeLessThan(500);
    }
    const emoji = await t
      .as(user)
      .post('/api/people', { first_name: 'Ada 😀', custom_fields: { '😀': '😀' } });
    expect(emoji.statusCode).toBe(201);
  });
});

describe('numbers and dates a database cannot hold', () => {
  it('answers ids past 2^31 − 1 in paths and bodies with 400, not 500', async () => {
    for (const url of ['/api/people/2147483648', '/api/companies/99999999999', '/api/events/2147483648']) {
      const response = await t.app.inject({ method: 'GET', url, headers: user.headers });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().details[0].field).toBe('id');
    }
    const resolve = await t.app.inject({
      method: 'POST',
      url: '/api/people/duplicates/resolve',
      headers: user.headers,
      payload: { keep_id: null, delete_ids: [2147483648] },
    });
    expect(resolve.statusCode).toBe(400);
    expect(resolve.json().details[0].field).toMatch(/^delete_ids/);
  });

  it('refuses dates outside the years 1000–9999 and stores the edges exactly', async () => {
    for (const date of ['0000-01-01T00:00:00Z', '0001-06-01T00:00:00Z', '0099-12-31', '10000-01-01']) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/people',
        headers: user.headers,
        payload: { first_name: 'Old', last_contact_date: date },
      });
      expect(response.statusCode, date).toBe(400);
      expect(response.json().details[0].field).toBe('last_contact_date');
    }
    const edge = await t.app.inject({
      method: 'POST',
      url: '/api/people',
      headers: user.headers,
      payload: {
        first_name: 'Edge',
        last_contact_date: '1000-01-01T00:00:00Z',
        next_follow_up_date: '9999-12-31',
      },
    });
    expect(edge.statusCode, edge.body).toBe(201);
    expect(edge.json()).toMatchObject({
      last_contact_date: '1000-01-01T00:00:00.000Z',
      next_follow_up_date: '9999-12-31T00:00:00.000Z',
    });
  });
});

describe('counterexamples of the hostile-request property test', () => {
  it('a column filter named like an inherited property filters nothing, without a 500', async () => {
    for (const name of ['constructor', 'toString', '__proto__', 'hasOwnProperty']) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/people?${name}=x`,
        headers: user.headers,
      });
      expect(response.statusCode, name).toBe(200);
    }
  });
});

describe('findUnstorable', () => {
  it('names nested paths and array positions', () => {
    expect(findUnstorable({ a: [{ b: 'ok' }, { b: 'x\u0000' }] })).toBe('a.1.b');
    expect(findUnstorable({ a: 'fine', n: 1, z: null, e: '😀' })).toBeUndefined();
    expect(findUnstorable({ list: ['😀', '\udc00😀'] })).toBe('list.1');
    expect(findUnstorable({ 'k\ud83d': 'x' })).toBe('k\ud83d');
  });
});
