import { PeopleResponseSchema, PersonSchema } from '@relate/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, createUser, type TestApp, type TestUser } from './test-app';

let t: TestApp;
let user: TestUser;

beforeAll(async () => {
  t = await createTestApp({
    extend(app) {
      app.get(
        '/api/test/serializer',
        {
          config: { access: 'user' },
          schema: { response: { 200: z.object({ id: z.number(), name: z.string() }) } },
        },
        async () => ({ id: 1, name: 'Ann', passwordHash: 'secret-hash', internal: { token: 'x' } }),
      );
    },
  });
  await createUser(t.app);
  user = await createUser(t.app);
});
afterAll(() => t.close());

describe('response serialization', () => {
  it('drops every field that the route’s response schema does not declare', async () => {
    const response = await t.as(user).get('/api/test/serializer');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: 1, name: 'Ann' });
    expect(response.body).not.toContain('secret-hash');
  });

  it('sends a stored contact with exactly the contract’s fields', async () => {
    const created = await t.as(user).post('/api/people', { first_name: 'Ann', custom_fields: { Team: 'A' } });
    const person = (await t.as(user).get(`/api/people/${created.json().id}`)).json();
    expect(Object.keys(person).sort()).toEqual(Object.keys(PersonSchema.shape).sort());
  });

  it('sends the contact list, written by fast-json-stringify, with exactly the contract’s fields', async () => {
    const list = (await t.as(user).get('/api/people')).json();
    expect(Object.keys(list).sort()).toEqual(Object.keys(PeopleResponseSchema.shape).sort());
    expect(list.people.length).toBeGreaterThan(0);
    for (const person of list.people)
      expect(Object.keys(person).sort()).toEqual(Object.keys(PersonSchema.shape).sort());
  });
});
