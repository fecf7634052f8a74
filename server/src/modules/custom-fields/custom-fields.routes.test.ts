import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestApp } from '../../../test/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('custom fields', () => {
  it('adds trimmed names, refusing blanks and repeats with the spec messages', async () => {
    const user = await createUser(t.app);
    expect((await t.as(user).post('/api/custom-fields', { name: '  Team ' })).json()).toEqual({
      custom_fields: ['Team'],
    });
    const blank = await t.as(user).post('/api/custom-fields', { name: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error).toBe('Field name is required');
    const repeat = await t.as(user).post('/api/custom-fields', { name: 'team' });
    expect(repeat.statusCode).toBe(400);
    expect(repeat.json().error).toBe('Field name already exists');
    expect((await t.as(user).get('/api/custom-fields')).json()).toEqual({ custom_fields: ['Team'] });
  });

  it('deleting a field removes its value from every contact of that user, and only theirs', async () => {
    const user = await createUser(t.app);
    const other = await createUser(t.app);
    await t.as(user).post('/api/custom-fields', { name: 'Team' });
    await t.as(other).post('/api/custom-fields', { name: 'Team' });
    const mine = (
      await t.as(user).post('/api/people', { first_name: 'A', custom_fields: { Team: 'Red', Keep: 'x' } })
    ).json();
    const theirs = (
      await t.as(other).post('/api/people', { first_name: 'B', custom_fields: { Team: 'Blue' } })
    ).json();

    expect((await t.as(other).delete('/api/custom-fields/Nope')).statusCode).toBe(404);
    expect((await t.as(user).delete('/api/custom-fields/Team')).json()).toEqual({ custom_fields: [] });
    expect((await t.as(user).get(`/api/people/${mine.id}`)).json().custom_fields).toEqual({ Keep: 'x' });
    expect((await t.as(other).get(`/api/people/${theirs.id}`)).json().custom_fields).toEqual({
      Team: 'Blue',
    });
    expect((await t.as(other).get('/api/custom-fields')).json()).toEqual({ custom_fields: ['Team'] });
  });

  it('accepts the whole list, as the spec client posts it', async () => {
    const user = await createUser(t.app);
    const replaced = await t.as(user).post('/api/custom-fields', { custom_fields: [' A ', 'B'] });
    expect(replaced.json()).toEqual({ custom_fields: ['A', 'B'] });
    const twice = await t.as(user).post('/api/custom-fields', { custom_fields: ['A', 'a'] });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().error).toBe('Field name already exists');
  });

  it('refuses names that are properties of every JavaScript object, wherever a name arrives', async () => {
    const user = await createUser(t.app);
    for (const name of ['__proto__', 'constructor', 'toString', ' valueOf ']) {
      const added = await t.as(user).post('/api/custom-fields', { name });
      expect(added.statusCode, name).toBe(400);
      expect(added.json().details[0]).toEqual({
        field: 'name',
        message: `"${name.trim()}" is a reserved name: choose another field name`,
      });
    }
    const list = await t.as(user).post('/api/custom-fields', { custom_fields: ['Team', 'hasOwnProperty'] });
    expect(list.statusCode).toBe(400);
    expect(list.json().details[0].field).toBe('custom_fields.1');
    const person = await t
      .as(user)
      .post('/api/people', { first_name: 'A', custom_fields: { toString: 'x' } });
    expect(person.statusCode).toBe(400);
    expect(person.json().details[0].field).toBe('custom_fields.toString');
    expect((await t.as(user).get('/api/custom-fields')).json()).toEqual({ custom_fields: [] });
  });

  it('the export writes only a contact’s own values under each name, never an inherited property', async () => {
    const user = await createUser(t.app);
    await t.as(user).post('/api/people', { first_name: 'Ada' });
    // Names stored before reserved names were refused.
    await t.database.db.execute(
      sql`insert into user_preferences (user_id, key, value)
          values (${user.id}, 'custom_fields', '["__proto__","constructor","toString"]'::jsonb)`,
    );
    const exported = await t.as(user).get('/api/people/export');
    const [header, row] = exported.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(header.endsWith(',__proto__,constructor,toString')).toBe(true);
    expect(row).not.toMatch(/object|function/i);
    expect(row.endsWith(',,,')).toBe(true);
  });
});
