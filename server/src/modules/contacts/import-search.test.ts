/**
 * An import's contacts are indexed for search after it commits (migration 0028, decision 0037); triggers
 * keep contact_search current for every other write of contacts.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart } from '../../../test/multipart';
import { createTestApp, createUser, type TestApp, type TestUser } from '../../../test/test-app';
import { ContactsRepository } from './contacts.repository';

/** Imports of more than this many contacts answer before they are indexed. */
const INDEXED_BEFORE_ANSWER = 5;

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ contactSearchBeforeAnswerRows: INDEXED_BEFORE_ANSWER });
  await createUser(t.app);
});
afterAll(() => t.close());

/** A CSV of `count` people; those whose index `marked` accepts work for `company`. */
function peopleCsv(count: number, company: string, marked: (index: number) => boolean): string {
  const lines = ['First Name,Company'];
  for (let index = 0; index < count; index++)
    lines.push(`Person${index},${marked(index) ? company : `Company ${index}`}`);
  return `${lines.join('\n')}\n`;
}

async function importPeople(app: TestApp['app'], user: TestUser, csv: string): Promise<number> {
  const body = multipart(
    { mapping: JSON.stringify({ 'First Name': 'first_name', Company: 'organization' }) },
    { name: 'people.csv', content: csv },
  );
  const response = await app.inject({
    method: 'POST',
    url: '/api/csv/import-with-mapping',
    payload: body.payload,
    headers: { ...user.headers, ...body.headers },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().import_id;
}

async function found(user: TestUser, query: string, app = t.app): Promise<number> {
  const response = await app.inject({ method: 'GET', url: `/api/people?${query}`, headers: user.headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().total;
}

async function one<T>(query: ReturnType<typeof sql>): Promise<T> {
  const result = await t.database.db.execute(query);
  return (result as unknown as { rows: T[] }).rows[0];
}

const searchPending = async (importId: number) =>
  (
    await one<{ search_pending: boolean }>(
      sql`select search_pending from contact_imports where id = ${importId}`,
    )
  ).search_pending;

const orphans = async () =>
  (
    await one<{ n: number }>(sql`select count(*)::int as n from contact_search s
      where not exists (select 1 from contacts c where c.id = s.contact_id)`)
  ).n;

/** An import marked unindexed with `names` written under it as a crash would leave it (the triggers skip them). */
async function unindexedImport(user: TestUser, names: string[]): Promise<number> {
  const importId = await new ContactsRepository(t.database.db).createImport(user.id, t.database.db, {
    searchPending: true,
  });
  for (const name of names)
    await t.database.db.execute(sql`insert into contacts (user_id, first_name, organization, import_id)
      values (${user.id}, ${name}, 'Tuatara Freight', ${importId})`);
  return importId;
}

describe('searching imported contacts', () => {
  it('finds a small import at once: it is indexed before it answers', async () => {
    const user = await createUser(t.app);
    const importId = await importPeople(
      t.app,
      user,
      peopleCsv(INDEXED_BEFORE_ANSWER, 'Okapi Mills', () => true),
    );
    expect(await searchPending(importId)).toBe(false);
    expect(await found(user, 'q=okapi')).toBe(INDEXED_BEFORE_ANSWER);
  });

  it('finds a large import once it is indexed after answering, by search and by a searched column', async () => {
    const user = await createUser(t.app);
    const importId = await importPeople(
      t.app,
      user,
      peopleCsv(600, 'Quetzal Works', (index) => index % 100 === 3),
    );
    await t.app.services.importSearch.idle();
    expect(await searchPending(importId)).toBe(false);
    expect(await found(user, 'q=QUETZAL')).toBe(6);
    expect(await found(user, 'organization=quetzal')).toBe(6);
    expect(await found(user, 'page_size=1')).toBe(600);
  });

  it("never finds another user's contacts", async () => {
    const owner = await createUser(t.app);
    const stranger = await createUser(t.app);
    await importPeople(
      t.app,
      owner,
      peopleCsv(40, 'Narwhal Optics', () => true),
    );
    await t.app.services.importSearch.idle();
    expect(await found(owner, 'q=narwhal')).toBe(40);
    expect(await found(stranger, 'q=narwhal')).toBe(0);
    expect(await found(stranger, 'organization=narwhal')).toBe(0);
  });

  it('leaves contacts out until their import is indexed, except one edited meanwhile, and drops deleted ones', async () => {
    const user = await createUser(t.app);
    const importId = await unindexedImport(user, ['Ana', 'Ben', 'Cy']);
    expect(await found(user, 'q=tuatara')).toBe(0);
    expect(await found(user, 'page_size=1')).toBe(3); // the list shows them

    const [ana, ben] = (await t.as(user).get('/api/people?sort=first_name&order=asc')).json().people;
    expect(
      (await t.as(user).put(`/api/people/${ana.id}`, { organization: 'Tuatara Shipping' })).statusCode,
    ).toBe(200);
    expect(await found(user, 'q=shipping')).toBe(1); // an edit indexes the contact at once
    expect((await t.as(user).delete(`/api/people/${ben.id}`)).statusCode).toBe(200);

    await t.app.services.importSearch.afterImport(user.id, importId, 3);
    expect(await searchPending(importId)).toBe(false);
    expect(await found(user, 'q=tuatara')).toBe(2);
    expect(await found(user, 'q=shipping')).toBe(1); // the edit is kept, not the imported text
    expect(await orphans()).toBe(0);
  });

  it('removes the search texts of an undone import', async () => {
    const user = await createUser(t.app);
    const importId = await importPeople(
      t.app,
      user,
      peopleCsv(50, 'Axolotl Labs', () => true),
    );
    expect((await t.as(user).delete(`/api/csv/imports/${importId}`)).statusCode).toBe(200);
    await t.app.services.importSearch.idle();
    expect(await found(user, 'q=axolotl')).toBe(0);
    expect(await orphans()).toBe(0);
  });

  it('stops at shutdown and indexes what is left at the next start', async () => {
    const user = await createUser(t.app);
    const importId = await unindexedImport(user, ['Dee', 'Eve']);

    const stopped = await createTestApp({ database: t.database });
    await stopped.app.services.importSearch.idle(); // its start indexed what was left
    expect(await searchPending(importId)).toBe(false);
    const next = await unindexedImport(user, ['Fay']);
    await stopped.app.services.importSearch.stop();
    await stopped.app.services.importSearch.afterImport(user.id, next, 1);
    expect(await searchPending(next)).toBe(true);
    await stopped.close();

    const restarted = await createTestApp({ database: t.database });
    await restarted.app.services.importSearch.idle();
    expect(await searchPending(next)).toBe(false);
    expect(await found(user, 'q=tuatara', restarted.app)).toBe(3);
    await restarted.close();
  });
});
