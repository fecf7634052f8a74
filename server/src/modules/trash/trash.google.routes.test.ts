import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningFakeGoogle, startFakeGoogle } from '../../../test/fakes/google/server';
import { connectGoogle } from '../../../test/google';
import { createTestApp, createUser, type TestApp, type TestUser } from '../../../test/test-app';

/**
 * A linked contact in the Trash stays at Google, linked, until it is purged (decision 0050): a restore
 * brings it back linked; emptying the Trash or the purge job deletes it as contact_deletes says.
 */
let google: RunningFakeGoogle;
let t: TestApp;
let accounts = 0;

beforeAll(async () => {
  google = await startFakeGoogle();
  t = await createTestApp({
    env: { ...google.env, PUBLIC_URL: 'http://relate.test' },
    google: { retryBaseDelayMs: 1 },
  });
});
afterAll(async () => {
  await t.close();
  await google.close();
});

const fake = () => google.fake;
const rowsOf = async (query: SQL) =>
  ((await t.database.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
const call = (who: TestUser, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: who.headers, payload });
const ok = async (promise: ReturnType<typeof call>) => {
  const response = await promise;
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};
const pushWaiting = async () => {
  while ((await t.app.services.jobs.runDue(50)) > 0);
};

async function linkedContact(contactDeletes: 'delete' | 'keep') {
  const sub = `3139436412712099${String(++accounts).padStart(5, '0')}`;
  fake().addAccount({ sub, email: `trash-${accounts}@gmail.example`, name: 'Trash Tester' });
  const user = await createUser(t.app);
  await connectGoogle(t.app, fake(), user, sub);
  await ok(call(user, 'POST', '/api/auth/google/settings', { contact_deletes: contactDeletes }));
  const resourceName = fake().addContact(sub, {
    names: [{ givenName: 'Ada', familyName: 'Lovelace' }],
    emailAddresses: [{ value: 'ada@engine.example' }],
  });
  await ok(call(user, 'GET', '/api/auth/google/contacts'));
  const [contact] = await rowsOf(sql`select id from contacts where user_id = ${user.id}`);
  return { user, sub, resourceName, contactId: contact.id as number };
}

const fullListing = async (who: TestUser, sub: string) => {
  fake().expireSyncTokens(sub);
  return ok(call(who, 'GET', '/api/auth/google/contacts'));
};
const reviewItems = async (who: TestUser) =>
  (await ok(call(who, 'GET', '/api/auth/google/contacts/review'))).items as unknown[];

describe('a linked contact in the Trash', () => {
  it('stays at Google while trashed, a full listing does not bring it back, and a restore links it again', async () => {
    const { user, sub, resourceName, contactId } = await linkedContact('delete');
    const { trash_batch: batch } = await ok(call(user, 'DELETE', `/api/people/${contactId}`));
    await pushWaiting();
    expect(fake().contact(sub, resourceName)).toBeDefined();
    await fullListing(user, sub);
    expect((await ok(call(user, 'GET', '/api/people'))).total).toBe(0);
    expect(await reviewItems(user)).toEqual([]);

    expect(await ok(call(user, 'POST', '/api/trash/restore', { batch }))).toEqual({ count: 1 });
    expect((await ok(call(user, 'GET', `/api/people/${contactId}`))).email).toBe('ada@engine.example');
    // Linked again: an edit in Relate reaches the same Google contact, and no copy appears on either side.
    await ok(call(user, 'PUT', `/api/people/${contactId}`, { job_title: 'Analyst' }));
    await pushWaiting();
    expect(fake().contact(sub, resourceName)).toMatchObject({
      organizations: [expect.objectContaining({ title: 'Analyst' })],
    });
    expect(fake().listContacts(sub)).toHaveLength(1);
    await fullListing(user, sub);
    expect((await ok(call(user, 'GET', '/api/people'))).total).toBe(1);
    expect(await reviewItems(user)).toEqual([]);
  });

  it('is deleted at Google when the Trash is emptied, if the user chose so', async () => {
    const { user, sub, resourceName, contactId } = await linkedContact('delete');
    await ok(call(user, 'DELETE', `/api/people/${contactId}`));
    await ok(call(user, 'DELETE', '/api/trash', { confirm: true }));
    await pushWaiting();
    expect(fake().contact(sub, resourceName)).toBeUndefined();
    await fullListing(user, sub);
    expect((await ok(call(user, 'GET', '/api/people'))).total).toBe(0);
  });

  it('stays at Google when purged if the user chose to keep deleted contacts there', async () => {
    const { user, sub, resourceName, contactId } = await linkedContact('keep');
    const { trash_batch: batch } = await ok(call(user, 'DELETE', `/api/people/${contactId}`));
    await ok(call(user, 'POST', '/api/trash/delete', { batch }));
    await pushWaiting();
    expect(fake().contact(sub, resourceName)).toBeDefined();
    await fullListing(user, sub);
    expect((await ok(call(user, 'GET', '/api/people'))).total).toBe(0);
    expect(await reviewItems(user)).toEqual([]);
  });

  it('comes back unlinked when Google deleted it meanwhile', async () => {
    const { user, sub, resourceName, contactId } = await linkedContact('delete');
    const { trash_batch: batch } = await ok(call(user, 'DELETE', `/api/people/${contactId}`));
    fake().deleteContact(sub, resourceName);
    await ok(call(user, 'GET', '/api/auth/google/contacts'));
    await ok(call(user, 'POST', '/api/trash/restore', { batch }));
    expect(await rowsOf(sql`select * from google_contact_links where user_id = ${user.id}`)).toEqual([]);
    expect((await ok(call(user, 'GET', `/api/people/${contactId}`))).full_name).toBe('Ada Lovelace');
  });
});
