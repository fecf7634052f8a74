import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestApp, type TestUser } from '../../../test/test-app';

let t: TestApp;
let user: TestUser;
let other: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  user = await createUser(t.app);
  other = await createUser(t.app);
});
afterAll(() => t.close());

describe('user preferences', () => {
  it('starts with the 19 default columns, the first five enabled, and a monthly Sunday calendar', async () => {
    const { preferences } = (await t.as(user).get('/api/user-preferences')).json();
    expect(preferences.contact_columns).toHaveLength(19);
    expect(
      preferences.contact_columns
        .filter((c: { enabled: boolean }) => c.enabled)
        .map((c: { key: string }) => c.key),
    ).toEqual(['first_name', 'last_name', 'organization', 'job_title', 'email']);
    expect(preferences.contact_columns.map((c: { order: number }) => c.order)).toEqual(
      Array.from({ length: 19 }, (_, index) => index + 1),
    );
    expect(preferences.calendar_settings).toEqual({ defaultView: 'monthly', startWeekday: 'sunday' });
    expect(preferences.custom_fields).toEqual([]);
  });

  it('saves columns and calendar settings (snake_case accepted) for that user only', async () => {
    const columns = [{ key: 'email', label: 'Email', enabled: true, order: 1 }];
    const saved = await t.as(user).post('/api/user-preferences', {
      contact_columns: columns,
      calendar_settings: { start_weekday: 'monday' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().preferences).toMatchObject({
      contact_columns: columns,
      calendar_settings: { defaultView: 'monthly', startWeekday: 'monday' },
    });
    const byKey = await t.as(user).post('/api/user-preferences/calendar_settings', {
      value: { defaultView: 'weekly' },
    });
    expect(byKey.json()).toEqual({
      key: 'calendar_settings',
      value: { defaultView: 'weekly', startWeekday: 'monday' },
    });
    expect((await t.as(user).get('/api/user-preferences/calendar_settings')).json().value.defaultView).toBe(
      'weekly',
    );
    expect((await t.as(other).get('/api/user-preferences')).json().preferences.contact_columns).toHaveLength(
      19,
    );
  });

  it('preferred_messaging_platform null means none, through the whole body and through its key', async () => {
    const chosen = await t
      .as(user)
      .post('/api/user-preferences', { preferred_messaging_platform: 'whatsapp' });
    expect(chosen.statusCode).toBe(200);
    const cleared = await t.as(user).post('/api/user-preferences', { preferred_messaging_platform: null });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json().preferences.preferred_messaging_platform).toBeNull();
    await t.as(user).post('/api/user-preferences', { preferred_messaging_platform: 'telegram' });
    const byKey = await t
      .as(user)
      .post('/api/user-preferences/preferred_messaging_platform', { value: null });
    expect(byKey.statusCode, byKey.body).toBe(200);
    expect(byKey.json().value).toBeNull();
    const bad = await t.as(user).post('/api/user-preferences', { preferred_messaging_platform: 'sms' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].field).toBe('preferred_messaging_platform');
  });

  it('answers 400 naming the field for a bad value or an unknown key', async () => {
    const bad = await t.as(user).post('/api/user-preferences', {
      calendar_settings: { defaultView: 'yearly' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].field).toContain('calendar_settings');
    const badValue = await t.as(user).post('/api/user-preferences/contact_columns', {
      value: [{ key: 'x' }],
    });
    expect(badValue.statusCode).toBe(400);
    expect(badValue.json().details[0].field).toContain('value');
    expect((await t.as(user).get('/api/user-preferences/password')).statusCode).toBe(400);
  });

  it('custom_fields follows the custom-field rules: trimmed, none blank, none twice, with the spec texts', async () => {
    const someone = await createUser(t.app);
    const blank = await t.as(someone).post('/api/user-preferences', { custom_fields: ['  x ', '', 'X'] });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error).toBe('Field name is required');
    expect(blank.json().details[0].field).toBe('custom_fields.1');
    const twice = await t.as(someone).post('/api/user-preferences', { custom_fields: ['  x ', 'X'] });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().error).toBe('Field name already exists');
    const byKey = await t.as(someone).post('/api/user-preferences/custom_fields', { value: ['a', ' '] });
    expect(byKey.statusCode).toBe(400);
    expect(byKey.json().error).toBe('Field name is required');
    expect(byKey.json().details[0].field).toBe('value.1');
    // Nothing was stored by the refused calls, not even the columns sent beside the bad list.
    const refusedWithColumns = await t.as(someone).post('/api/user-preferences', {
      contact_columns: [{ key: 'email', label: 'Email', enabled: true, order: 1 }],
      custom_fields: ['Team', 'team'],
    });
    expect(refusedWithColumns.statusCode).toBe(400);
    const { preferences } = (await t.as(someone).get('/api/user-preferences')).json();
    expect(preferences.custom_fields).toEqual([]);
    expect(preferences.contact_columns).toHaveLength(19);

    const saved = await t.as(someone).post('/api/user-preferences', {
      custom_fields: ['  Team ', 'Region'],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().preferences.custom_fields).toEqual(['Team', 'Region']);
    expect((await t.as(someone).get('/api/custom-fields')).json()).toEqual({
      custom_fields: ['Team', 'Region'],
    });
  });

  it('a name dropped from custom_fields is removed from every contact of that user, and only theirs', async () => {
    const owner = await createUser(t.app);
    const neighbour = await createUser(t.app);
    await t.as(owner).post('/api/custom-fields', { custom_fields: ['Team', 'Region'] });
    await t.as(neighbour).post('/api/custom-fields', { custom_fields: ['Team'] });
    const mine = (
      await t.as(owner).post('/api/people', {
        first_name: 'A',
        custom_fields: { Team: 'Red', Region: 'EU' },
      })
    ).json();
    const theirs = (
      await t.as(neighbour).post('/api/people', { first_name: 'B', custom_fields: { Team: 'Blue' } })
    ).json();

    const dropped = await t.as(owner).post('/api/user-preferences/custom_fields', { value: ['Region'] });
    expect(dropped.json()).toEqual({ key: 'custom_fields', value: ['Region'] });
    expect((await t.as(owner).get(`/api/people/${mine.id}`)).json().custom_fields).toEqual({
      Region: 'EU',
    });

    const emptied = await t.as(owner).post('/api/user-preferences', { custom_fields: [] });
    expect(emptied.json().preferences.custom_fields).toEqual([]);
    expect((await t.as(owner).get(`/api/people/${mine.id}`)).json().custom_fields).toEqual({});
    expect((await t.as(neighbour).get(`/api/people/${theirs.id}`)).json().custom_fields).toEqual({
      Team: 'Blue',
    });
  });
});
