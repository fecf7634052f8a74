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

const call = (who: TestUser, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: who.headers, payload });

describe('user preferences', () => {
  it('starts with the 19 default columns, the first five enabled, and a monthly Sunday calendar', async () => {
    const { preferences } = (await call(user, 'GET', '/api/user-preferences')).json();
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
    const saved = await call(user, 'POST', '/api/user-preferences', {
      contact_columns: columns,
      calendar_settings: { start_weekday: 'monday' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().preferences).toMatchObject({
      contact_columns: columns,
      calendar_settings: { defaultView: 'monthly', startWeekday: 'monday' },
    });
    const byKey = await call(user, 'POST', '/api/user-preferences/calendar_settings', {
      value: { defaultView: 'weekly' },
    });
    expect(byKey.json()).toEqual({
      key: 'calendar_settings',
      value: { defaultView: 'weekly', startWeekday: 'monday' },
    });
    expect(
      (await call(user, 'GET', '/api/user-preferences/calendar_settings')).json().value.defaultView,
    ).toBe('weekly');
    expect(
      (await call(other, 'GET', '/api/user-preferences')).json().preferences.contact_columns,
    ).toHaveLength(19);
  });

  it('answers 400 naming the field for a bad value or an unknown key', async () => {
    const bad = await call(user, 'POST', '/api/user-preferences', {
      calendar_settings: { defaultView: 'yearly' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].field).toContain('calendar_settings');
    const badValue = await call(user, 'POST', '/api/user-preferences/contact_columns', {
      value: [{ key: 'x' }],
    });
    expect(badValue.statusCode).toBe(400);
    expect(badValue.json().details[0].field).toContain('value');
    expect((await call(user, 'GET', '/api/user-preferences/password')).statusCode).toBe(400);
  });
});
