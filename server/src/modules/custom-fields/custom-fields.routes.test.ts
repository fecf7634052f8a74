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
});
